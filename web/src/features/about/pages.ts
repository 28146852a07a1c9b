/** The about pages, each loaded when its route is first shown (the shell's router places them). */
export const landing = () => import("./Landing.tsx");
export const preview = () => import("./Preview.tsx");
export const whyGraph = () => import("./WhyGraph.tsx");
export const legal = () => import("./Legal.tsx");
