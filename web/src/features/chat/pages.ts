/** The chat page, loaded when its route is first shown (the shell's router places it). */
export const chat = () => import("./ChatPage.tsx");
