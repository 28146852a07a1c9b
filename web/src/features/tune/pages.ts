/** The tune page (settings), loaded when its route is first shown (the shell's router places it). */
export const tune = () => import("./TunePage.tsx");
