/** Where YouTube's sign-in popup ends, loaded when its route is first shown (the shell's router places it). */
export const youtubeAuthDone = () => import("./YoutubeAuthDone.tsx");
