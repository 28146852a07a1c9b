/** Where a digest's unsubscribe link lands, and where it ends; each loaded when its route is first shown. */
export const unsubscribe = () => import("./Unsubscribe.tsx");
export const unsubscribeSuccess = () => import("./UnsubscribeSuccess.tsx");
