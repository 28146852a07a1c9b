/** The feedback page, loaded when its route is first shown (the shell's router places it). */
export const feedback = () => import("./Feedback.tsx");
