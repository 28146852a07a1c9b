import { useEffect } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useAuth } from "../../../lib/session.tsx";
import { useSettled } from "../../../lib/settled.ts";
import { useNotifications } from "../notifications.tsx";
import { chatKeys, conversationsQuery } from "../api.ts";
import { unreadCount } from "../chat.ts";
import { applyIncomingMessage } from "./chat-cache.ts";
import { realtime } from "./realtime.ts";

/**
 * Mounted once in the layout: while someone is signed in, the tab's socket is open and the
 * header's `[n]` counts their unread conversations on every page, kept current by the socket,
 * from the moment the page has settled (lib/settled.ts).
 * Each (re)connect refetches the inbox and the cached conversations, so nothing said while
 * disconnected is missed.
 */
export function ChatRealtime() {
  const { userId } = useAuth();
  const queryClient = useQueryClient();
  const { setNotificationCount } = useNotifications();

  // Once the page has settled: the first paint and the page's own data come first.
  const settled = useSettled();
  const live = settled ? userId : null;
  const conversations = useQuery({ ...conversationsQuery(live ?? ""), enabled: live !== null });

  useEffect(() => {
    if (!live) return;
    realtime.start();
    const unsubscribe = [
      realtime.onOpen(() => {
        void queryClient.invalidateQueries({ queryKey: chatKeys.conversations(live) });
        void queryClient.invalidateQueries({ queryKey: chatKeys.allMessages(live) });
      }),
      realtime.on("message:new", (frame) => applyIncomingMessage(queryClient, live, frame.message)),
      realtime.on("notification:new_message", (frame) => applyIncomingMessage(queryClient, live, frame.message)),
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
  }, [live, queryClient]);

  const count = userId && conversations.data ? unreadCount(conversations.data, userId) : 0;
  useEffect(() => setNotificationCount(count), [count, setNotificationCount]);

  return null;
}
