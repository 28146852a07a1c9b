import { useState } from "react";
import type { Conversation } from "./types.ts";
import { conversationTitle, isUnread, messageTime, previewText } from "./chat.ts";
import { NewConversation } from "./NewConversation.tsx";
import "./chat.css";

interface InboxProps {
  me: string;
  conversations: Conversation[] | undefined;
  isError: boolean;
  onRetry: () => void;
  activeId: string | null;
  onSelect: (id: string) => void;
  onCreate: (memberIds: string[], name: string | undefined) => Promise<void>;
}

/** The person's conversations, most recently active first, unread ones marked. */
export function Inbox({ me, conversations, isError, onRetry, activeId, onSelect, onCreate }: InboxProps) {
  const [creating, setCreating] = useState(false);
  return (
    <section className="chat-inbox" aria-labelledby="chat-inbox-title" data-testid="chat-inbox">
      <div className="chat-inbox__head">
        <h2 id="chat-inbox-title" className="chat-inbox__title">
          messages
        </h2>
        <button
          type="button"
          className="button button--outline chat-inbox__new"
          onClick={() => setCreating(true)}
          data-testid="chat-new"
        >
          new
        </button>
      </div>
      {isError ? (
        <p className="fine-print" role="alert">
          couldn't load your conversations.{" "}
          <button type="button" className="button button--ghost" onClick={onRetry}>
            try again
          </button>
        </p>
      ) : !conversations ? (
        <p className="fine-print" role="status">
          loading…
        </p>
      ) : (
        <ul className="chat-inbox__list">
          {conversations.map((conversation) => (
            <li key={conversation.id}>
              <InboxItem
                me={me}
                conversation={conversation}
                active={conversation.id === activeId}
                onSelect={() => onSelect(conversation.id)}
              />
            </li>
          ))}
        </ul>
      )}
      <NewConversation me={me} open={creating} onClose={() => setCreating(false)} onCreate={onCreate} />
    </section>
  );
}

interface InboxItemProps {
  me: string;
  conversation: Conversation;
  active: boolean;
  onSelect: () => void;
}

function InboxItem({ me, conversation, active, onSelect }: InboxItemProps) {
  const unread = isUnread(conversation, me);
  const title = conversationTitle(conversation, me);
  const mine = conversation.last_sender_id === me;
  const preview = previewText(conversation.last_message);
  const at = conversation.last_message_at ?? conversation.updated_at;
  return (
    <button
      type="button"
      className={`chat-item${active ? " is-active" : ""}${unread ? " is-unread" : ""}`}
      aria-current={active ? "true" : undefined}
      onClick={onSelect}
      data-testid="chat-conversation"
      data-conversation-id={conversation.id}
      data-unread={unread}
      data-bot={conversation.is_bot}
    >
      <span className="chat-item__top">
        <span className={`chat-item__name${conversation.is_bot ? " chat-name--bot" : ""}`}>
          {title}
          {conversation.is_group && <span className="chat-item__kind"> · group</span>}
        </span>
        <time className="chat-item__time" dateTime={at}>
          {messageTime(at)}
        </time>
      </span>
      <span className="chat-item__preview" data-testid="chat-preview">
        {unread && (
          <span className="chat-item__dot" aria-label="unread" role="img">
            ●
          </span>
        )}
        {preview ? `${mine ? "you: " : ""}${preview}` : "no messages yet"}
      </span>
    </button>
  );
}
