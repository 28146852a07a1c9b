/** The upgrade page, loaded when its route is first shown (the shell's router places it). */
export const upgrade = () => import("./UpgradePage.tsx");
