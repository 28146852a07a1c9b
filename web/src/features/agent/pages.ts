/** The agentic search page, loaded when its route is first shown (the shell's router places it). */
export const agent = () => import("./AgentPage.tsx");
