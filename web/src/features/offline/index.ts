/** The installed app's part in the shell: the service worker's registration and its "update" prompt. */
export { UpdatePrompt } from "./UpdatePrompt.tsx";
