/** A person's public profile, loaded when its route is first shown (the shell's router places it). */
export const profile = () => import("./public/ProfilePage.tsx");
