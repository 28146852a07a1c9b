/**
 * Chat's public face: the unread count and the live connection the shell keeps on every page,
 * and the way to open a conversation with someone (from their profile).
 */
export { NotificationProvider, useNotifications } from "./notifications.tsx";
export { ChatRealtime } from "./realtime/ChatRealtime.tsx";
export { CHAT_PATH, chatWith } from "./route-state.ts";
