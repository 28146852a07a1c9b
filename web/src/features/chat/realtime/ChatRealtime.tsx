import { useEffect } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useAuth } from "../../../lib/session.tsx";
import { useNotifications } from "../notifications.tsx";
import { chatKeys, conversationsQuery } from "../api.ts";
import { unreadCount } from "../chat.ts";
import { applyIncomingMessage } from "./chat-cache.ts";
import { realtime } from "./realtime.ts";

/**
 * Mounted once in the layout: while someone is signed in, the tab's socket is open and the
 * header's `[n]` counts their unread conversations on every page, kept current by the socket.
 * Each (re)connect refetches the inbox and the cached conversations, so nothing said while
 * disconnected is missed.
 */
export function ChatRealtime() {
  const { userId } = useAuth();
  const queryClient = useQueryClient();
  const { setNotificationCount } = useNotifications();

  const conversations = useQuery({ ...conversationsQuery(userId ?? ""), enabled: userId !== null });

  useEffect(() => {
    if (!userId) return;
    realtime.start();
    const unsubscribe = [
      realtime.onOpen(() => {
        void queryClient.invalidateQueries({ queryKey: chatKeys.conversations(userId) });
        void queryClient.invalidateQueries({ queryKey: chatKeys.allMessages(userId) });
      }),
      realtime.on("message:new", (frame) => applyIncomingMessage(queryClient, userId, frame.message)),
      realtime.on("notification:new_message", (frame) => applyIncomingMessage(queryClient, userId, frame.message)),
    ];
    const again = () => realtime.reconnectNow();
    const onVisible = () => {
      if (document.visibilityState === "visible") again();
    };
    window.addEventListener("online", again);
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      for (const off of unsubscribe) off();
      window.removeEventListener("online", again);
      document.removeEventListener("visibilitychange", onVisible);
      realtime.stop();
    };
  }, [userId, queryClient]);

  const count = userId && conversations.data ? unreadCount(conversations.data, userId) : 0;
  useEffect(() => setNotificationCount(count), [count, setNotificationCount]);

  return null;
}
