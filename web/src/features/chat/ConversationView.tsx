import { useEffect, useMemo, useState } from "react";
import { CHAT_MESSAGES } from "@graph/core/modules/chat/rules";
import { useInfiniteQuery, useQueryClient } from "@tanstack/react-query";
import { ApiError } from "../../lib/api.ts";
import { chatKeys, createConversation, messagesQuery } from "./api.ts";
import type { Recipient } from "./route-state.ts";
import type { Conversation } from "./types.ts";
import { mergeMessages } from "./chat.ts";
import { realtime } from "./realtime/realtime.ts";
import { Composer } from "./Composer.tsx";
import { ConversationHeader, PendingHeader } from "./ConversationHeader.tsx";
import { useMarkReadWhileOpen, usePending, useTypingPeople, useTypingSignal } from "./hooks.ts";
import { MessageList } from "./MessageList.tsx";
import { TypingIndicator } from "./TypingIndicator.tsx";
import { useToast } from "../../components/Toasts.tsx";
import "./chat.css";

interface ConversationViewProps {
  me: string;
  conversation: Conversation;
  isBot: boolean;
  narrow: boolean;
  onBack: () => void;
  onForbidden: (id: string) => void;
}

/** One open conversation: viewed live (joined) while shown, read as it is opened and as messages arrive. */
export function ConversationView({ me, conversation, isBot, narrow, onBack, onForbidden }: ConversationViewProps) {
  const { id } = conversation;
  const messages = useInfiniteQuery(messagesQuery(me, id));
  const pending = usePending(id);
  const typingPeople = useTypingPeople(me, id);
  const typing = useTypingSignal(id);
  useMarkReadWhileOpen(me, conversation);

  useEffect(() => {
    realtime.join(id);
    return () => realtime.leave(id);
  }, [id]);

  // Not the person's (403), or gone (404): the page forgets it.
  const forbidden =
    messages.error instanceof ApiError && (messages.error.status === 403 || messages.error.status === 404);
  useEffect(() => {
    if (forbidden) onForbidden(id);
  }, [forbidden, id, onForbidden]);

  const loaded = useMemo(() => mergeMessages(...(messages.data?.pages.map((p) => p.messages) ?? [])), [messages.data]);
  // A message whose acknowledgement was lost with a connection is known delivered once fetched.
  useEffect(() => realtime.acknowledge(loaded.map((m) => m.clientId)), [loaded]);

  return (
    <div className="chat-view" data-testid="chat-view" data-conversation-id={id}>
      <ConversationHeader me={me} conversation={conversation} isBot={isBot} narrow={narrow} onBack={onBack} />
      <MessageList
        me={me}
        isGroup={conversation.is_group}
        messages={loaded}
        pending={pending}
        isPending={messages.isPending}
        isError={messages.isError && !forbidden}
        onRetry={() => void messages.refetch()}
        hasOlder={messages.hasNextPage}
        loadingOlder={messages.isFetchingNextPage}
        loadOlder={() => void messages.fetchNextPage()}
      />
      <TypingIndicator names={typingPeople} />
      <Composer
        label={`message ${isBot ? "the bot" : "the conversation"}`}
        onKeyPressed={typing.keyPressed}
        onSend={(content) => {
          typing.stop();
          realtime.sendMessage(id, content);
        }}
      />
    </div>
  );
}

interface PendingConversationViewProps {
  me: string;
  recipient: Recipient;
  narrow: boolean;
  onBack: () => void;
  onCreated: (id: string) => void;
}

/** A message to someone not talked to yet: the conversation is made by the first message. */
export function PendingConversationView({ me, recipient, narrow, onBack, onCreated }: PendingConversationViewProps) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const [sending, setSending] = useState(false);
  return (
    <div className="chat-view" data-testid="chat-view" data-pending="true">
      <PendingHeader username={recipient.username} narrow={narrow} onBack={onBack} />
      <MessageList
        me={me}
        isGroup={false}
        messages={[]}
        pending={[]}
        isPending={false}
        isError={false}
        onRetry={() => undefined}
        hasOlder={false}
        loadingOlder={false}
        loadOlder={() => undefined}
        emptyText={recipient.username ? `say hi to ${recipient.username}.` : "say hi."}
      />
      <Composer
        label={recipient.username ? `message ${recipient.username}` : "message"}
        disabled={sending}
        onKeyPressed={() => undefined}
        onSend={async (content) => {
          setSending(true);
          try {
            const { id } = await createConversation({ memberIds: [recipient.id], isGroup: false });
            realtime.sendMessage(id, content);
            await queryClient.invalidateQueries({ queryKey: chatKeys.conversations(me) });
            onCreated(id);
          } catch (error) {
            console.error("creating the conversation failed", error);
            toast.alert(CHAT_MESSAGES.createAndSendFailed);
            return false;
          } finally {
            setSending(false);
          }
          return true;
        }}
      />
    </div>
  );
}
