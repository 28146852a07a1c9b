/** The reader view, loaded when its route is first shown (the shell's router places it). */
export const read = () => import("./ReaderPage.tsx");
