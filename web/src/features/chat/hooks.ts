/** The chat page's data: a conversation's messages, marking read, the bot's conversation, this tab's unsent messages. */
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { botConversationQuery, chatKeys, conversationsQuery, markRead } from "./api.ts";
import { TYPING_REPEAT_MS, TYPING_SHOWN_MS, TYPING_STOP_MS, isUnread } from "./chat.ts";
import type { Conversation } from "./types.ts";
import { applyRead } from "./realtime/chat-cache.ts";
import { realtime } from "./realtime/realtime.ts";

/** The person's conversation with graph's bot, made on first visit (its id once known; failed if it cannot be had). */
export function useBotConversation(me: string): { id: string | undefined; failed: boolean } {
  const queryClient = useQueryClient();
  const bot = useQuery(botConversationQuery(me));
  const id = bot.data?.id;
  useEffect(() => {
    if (!id) return;
    const list = queryClient.getQueryData(conversationsQuery(me).queryKey);
    // A conversation made just now is not in the inbox loaded before it.
    if (list && !list.some((c) => c.id === id))
      void queryClient.invalidateQueries({ queryKey: chatKeys.conversations(me) });
  }, [id, me, queryClient]);
  return { id, failed: bot.isError };
}

/** Opening a conversation marks it read, and so does a message arriving while it is open. */
export function useMarkReadWhileOpen(me: string, conversation: Conversation | undefined) {
  const queryClient = useQueryClient();
  const asked = useRef<string | null>(null);
  const mark = useMutation({
    mutationFn: ({ id }: { id: string; seen: string | null }) => markRead(id),
    // Read up to what is shown at once, so the badge does not wait for the server.
    onMutate: ({ id, seen }) => {
      if (seen) applyRead(queryClient, me, id, seen);
    },
    onSuccess: (answer, { id }) => applyRead(queryClient, me, id, answer.last_read_at),
    onError: (error) => console.error("marking the conversation read failed", error),
  });
  const unread = conversation ? isUnread(conversation, me) : false;
  const key = conversation ? `${conversation.id}@${conversation.last_message_at ?? ""}` : null;
  const { mutate } = mark;
  useEffect(() => {
    if (!conversation || !key) return;
    // Once per conversation and last message: opening marks it even when nothing is new.
    if (asked.current === key || (asked.current?.startsWith(`${conversation.id}@`) && !unread)) return;
    asked.current = key;
    mutate({ id: conversation.id, seen: conversation.last_message_at });
  }, [conversation, key, unread, mutate]);
}

/** The socket's state: "open", or connecting / waiting to reconnect. */
export function useConnectionStatus() {
  useSyncExternalStore(
    (listener) => realtime.subscribe(listener),
    () => realtime.snapshot,
  );
  return realtime.status;
}

/** This tab's unacknowledged messages in a conversation (re-rendered as they are acknowledged). */
export function usePending(conversationId: string) {
  useSyncExternalStore(
    (listener) => realtime.subscribe(listener),
    () => realtime.snapshot,
  );
  return realtime.pending(conversationId);
}

/**
 * Tells the others while this person types: "typing" on the first key and again every few
 * seconds while it goes on, "stopped" after 1200 ms without a key, on sending and on leaving.
 */
export function useTypingSignal(conversationId: string | null) {
  const typing = useRef(false);
  const lastSaid = useRef(0);
  const timer = useRef<number | null>(null);

  const stop = useCallback(() => {
    if (timer.current !== null) window.clearTimeout(timer.current);
    timer.current = null;
    if (typing.current && conversationId) realtime.typing(conversationId, false);
    typing.current = false;
  }, [conversationId]);

  const keyPressed = useCallback(() => {
    if (!conversationId) return;
    const now = Date.now();
    if (!typing.current || now - lastSaid.current >= TYPING_REPEAT_MS) {
      realtime.typing(conversationId, true);
      lastSaid.current = now;
    }
    typing.current = true;
    if (timer.current !== null) window.clearTimeout(timer.current);
    timer.current = window.setTimeout(stop, TYPING_STOP_MS);
  }, [conversationId, stop]);

  useEffect(() => stop, [stop]);
  return { keyPressed, stop };
}

/** Who else is typing in a conversation, by name; each hidden when they stop or go quiet. */
export function useTypingPeople(me: string, conversationId: string): string[] {
  // Who is typing (user id → username), heard by `me` in `conversationId`: another pair hears no one yet.
  const listener = `${me} ${conversationId}`;
  const [typing, setTyping] = useState<{ listener: string; names: ReadonlyMap<string, string> }>({
    listener,
    names: new Map(),
  });

  useEffect(() => {
    const timers = new Map<string, number>();
    const change = (edit: (names: Map<string, string>) => void) =>
      setTyping((current) => {
        const names = new Map(current.listener === listener ? current.names : []);
        edit(names);
        return { listener, names };
      });
    const forget = (userId: string) => {
      if (!timers.has(userId)) return;
      window.clearTimeout(timers.get(userId));
      timers.delete(userId);
      change((names) => names.delete(userId));
    };
    const off = realtime.on("typing", (frame) => {
      if (frame.conversationId !== conversationId || frame.userId === me) return;
      if (!frame.isTyping) return forget(frame.userId);
      window.clearTimeout(timers.get(frame.userId));
      timers.set(
        frame.userId,
        window.setTimeout(() => forget(frame.userId), TYPING_SHOWN_MS),
      );
      change((names) => names.set(frame.userId, frame.username));
    });
    // Their message ends their typing.
    const offMessage = realtime.on("message:new", (frame) => {
      if (frame.message.conversationId === conversationId) forget(frame.message.senderId);
    });
    return () => {
      off();
      offMessage();
      for (const timer of timers.values()) window.clearTimeout(timer);
    };
  }, [me, conversationId, listener]);

  return typing.listener === listener ? [...typing.names.values()] : [];
}
