import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useLocation, useNavigate } from "react-router-dom";
import { useAuth } from "../../lib/session.tsx";
import { chatKeys, conversationsQuery, createConversation } from "./api.ts";
import { directConversationWith } from "./chat.ts";
import { readStorage, removeStorage, storageKeys, writeStorage } from "../../lib/storage.ts";
import { realtime } from "./realtime/realtime.ts";
import { NARROW_SCREEN, useMediaQuery } from "../../hooks/use-media-query.ts";
import { ConversationView, PendingConversationView } from "./ConversationView.tsx";
import { useBotConversation, useConnectionStatus } from "./hooks.ts";
import { Inbox } from "./Inbox.tsx";
import { type Recipient, recipientFrom } from "./route-state.ts";
import { useToast } from "../../components/Toasts.tsx";
import "./chat.css";

/**
 * `/home/chat`: the inbox beside the open conversation (one at a time on a phone). Opens the
 * conversation the profile's message button asked for (or prepares it), else the one open last
 * time, else the bot's.
 */
export function ChatPage() {
  const { userId } = useAuth();
  // The route is behind the sign-in guard: a user id is there.
  const me = userId ?? "";
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const narrow = useMediaQuery(NARROW_SCREEN);
  const connection = useConnectionStatus();
  const toast = useToast();

  const conversations = useQuery(conversationsQuery(me));
  const bot = useBotConversation(me);
  const [selected, setSelected] = useState<string | null>(() => readStorage(storageKeys.lastActiveConvId));
  const [recipient, setRecipient] = useState<Recipient | null>(() => recipientFrom(location.state));
  // On a phone the inbox and the conversation take turns; arriving to write to someone shows the conversation.
  const [showConversation, setShowConversation] = useState(() => recipient !== null);

  const list = conversations.data;

  const select = useCallback((id: string) => {
    setSelected(id);
    setRecipient(null);
    setShowConversation(true);
    writeStorage(storageKeys.lastActiveConvId, id);
  }, []);

  // The profile's request is handled once: later visits (and reloads) open the remembered conversation.
  useEffect(() => {
    if (recipientFrom(location.state)) navigate(".", { replace: true, state: null });
  }, [location.state, navigate]);

  // Writing to someone already talked to opens that conversation (and remembers it); otherwise it stays pending.
  const existing = recipient && list ? directConversationWith(list, me, recipient.id) : undefined;
  const pending = existing ? null : recipient;
  const existingId = existing?.id;
  useEffect(() => {
    if (existingId) writeStorage(storageKeys.lastActiveConvId, existingId);
  }, [existingId]);

  // Else the remembered conversation, if it is still one of the person's; else the bot's.
  const remembered = recipient ? undefined : list?.find((c) => c.id === selected);
  // The bot's conversation is the default; another only when it cannot be had.
  const fallback =
    recipient || !list || remembered
      ? undefined
      : (list.find((c) => c.is_bot || c.id === bot.id) ?? (bot.failed ? list[0] : undefined));
  const active = existing ?? remembered ?? fallback;
  useEffect(() => {
    if (recipient || !list || remembered) return;
    // A remembered conversation that is not (or no longer) the person's is forgotten.
    if (selected && readStorage(storageKeys.lastActiveConvId) === selected) removeStorage(storageKeys.lastActiveConvId);
  }, [recipient, list, remembered, selected]);

  /** The conversation is not the person's (403): forget it and fall back to the default. */
  const forbidden = useCallback(
    (id: string) => {
      removeStorage(storageKeys.lastActiveConvId);
      setSelected((current) => (current === id ? null : current));
      void queryClient.invalidateQueries({ queryKey: chatKeys.conversations(me) });
    },
    [me, queryClient],
  );

  useEffect(() => {
    const offError = realtime.on("error", (frame) => {
      if ((frame.code === "forbidden" || frame.code === "not_found") && frame.conversationId)
        forbidden(frame.conversationId);
    });
    // Spec: the socket's rate-limit errors and its warnings are alerts; other refusals show on the message.
    const offRefused = realtime.on("message:error", (frame) => {
      if (frame.isRateLimit) toast.alert(frame.error);
      else console.error("message refused", frame.error);
    });
    const offWarning = realtime.on("message:warning", (frame) => toast.alert(frame.content));
    return () => {
      offError();
      offRefused();
      offWarning();
    };
  }, [forbidden, toast]);

  const startWith = useCallback(
    async (memberIds: string[], name: string | undefined) => {
      const { id } = await createConversation({ memberIds, isGroup: memberIds.length > 1, ...(name ? { name } : {}) });
      await queryClient.invalidateQueries({ queryKey: chatKeys.conversations(me) });
      select(id);
    },
    [me, queryClient, select],
  );

  // Where the chat starts on the page, so it can fill the window below it (see chat.css).
  const layout = useRef<HTMLDivElement>(null);
  const offline = connection === "waiting";
  useLayoutEffect(() => {
    const el = layout.current;
    if (!el) return;
    const fit = () => el.style.setProperty("--chat-top", `${el.getBoundingClientRect().top + window.scrollY}px`);
    fit();
    window.addEventListener("resize", fit);
    return () => window.removeEventListener("resize", fit);
  }, [narrow, offline]);

  const showingConversation = !narrow || showConversation;
  const showingInbox = !narrow || !showConversation;

  return (
    <div className="page chat" data-testid="chat-page" data-connection={connection}>
      <h1 className="visually-hidden">chat</h1>
      {offline && (
        <p className="chat__offline fine-print" role="status" data-testid="chat-offline">
          reconnecting… messages you send now go out once connected.
        </p>
      )}
      <div ref={layout} className={`chat__layout${narrow ? " chat__layout--narrow" : ""}`}>
        {showingInbox && (
          <Inbox
            me={me}
            conversations={list}
            isError={conversations.isError}
            onRetry={() => void conversations.refetch()}
            activeId={pending ? null : (active?.id ?? null)}
            onSelect={select}
            onCreate={startWith}
          />
        )}
        {showingConversation && (
          <section className="chat__conversation" aria-label="conversation" data-testid="chat-conversation-pane">
            {pending ? (
              <PendingConversationView
                me={me}
                recipient={pending}
                narrow={narrow}
                onBack={() => setShowConversation(false)}
                onCreated={select}
              />
            ) : active ? (
              <ConversationView
                key={active.id}
                me={me}
                conversation={active}
                isBot={active.is_bot || active.id === bot.id}
                narrow={narrow}
                onBack={() => setShowConversation(false)}
                onForbidden={forbidden}
              />
            ) : (
              <p className="chat__empty fine-print">
                {conversations.isPending ? "loading conversations…" : "pick a conversation, or start a new one."}
              </p>
            )}
          </section>
        )}
      </div>
    </div>
  );
}
