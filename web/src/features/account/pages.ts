/** Where a deleted account ends, loaded when its route is first shown. */
export const goodbye = () => import("./Goodbye.tsx");
