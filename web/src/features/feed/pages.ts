/** The home page (the feed), loaded when its route is first shown (the shell's router places it). */
export const home = () => import("./HomePage.tsx");
