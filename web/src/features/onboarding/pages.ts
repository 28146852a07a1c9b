/** Onboarding's page, loaded when its route is first shown (the shell's router places it). */
export const gettingStarted = () => import("./GettingStarted.tsx");
