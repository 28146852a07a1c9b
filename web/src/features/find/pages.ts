/** The find page, loaded when its route is first shown (the shell's router places it). */
export const find = () => import("./FindPage.tsx");
