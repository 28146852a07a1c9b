import { useId, useState } from "react";
import { CHAT_MESSAGES, MAX_NAME_LENGTH } from "@graph/core/modules/chat/rules";
import { useQuery } from "@tanstack/react-query";
import { DEBOUNCE_MS } from "@graph/core/modules/search/rules";
import { Field } from "../../components/Field.tsx";
import { Modal } from "../../components/Modal.tsx";
import { SearchField } from "../../components/SearchField.tsx";
import { type UserSearchResult, searchTerm } from "../find/index.ts";
import { useDebouncedTerm } from "../../hooks/use-debounced-term.ts";
import { peopleSearchQuery } from "./api.ts";
import "./chat.css";

interface NewConversationProps {
  me: string;
  open: boolean;
  onClose: () => void;
  onCreate: (memberIds: string[], name: string | undefined) => Promise<void>;
}

/** Starting a conversation: search people, pick one (direct) or more (a group, which may be named). */
export function NewConversation({ me, open, onClose, onCreate }: NewConversationProps) {
  return (
    <Modal open={open} onClose={onClose} title="new conversation" testId="chat-new-modal">
      {open && <NewConversationForm me={me} onClose={onClose} onCreate={onCreate} />}
    </Modal>
  );
}

function NewConversationForm({ me, onClose, onCreate }: Omit<NewConversationProps, "open">) {
  const [text, setText] = useState("");
  const [picked, setPicked] = useState<UserSearchResult[]>([]);
  const [name, setName] = useState("");
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const { term } = useDebouncedTerm(text, DEBOUNCE_MS.users, searchTerm);
  const searchId = useId();

  const people = useQuery(peopleSearchQuery(term));
  const found =
    term === null ? [] : (people.data ?? []).filter((p) => p.id !== me && !picked.some((x) => x.id === p.id));
  const isGroup = picked.length > 1;

  const create = async () => {
    if (picked.length === 0 || busy) return;
    setBusy(true);
    setFailed(false);
    try {
      await onCreate(
        picked.map((p) => p.id),
        isGroup && name.trim() ? name.trim() : undefined,
      );
      onClose();
    } catch (error) {
      console.error("creating the conversation failed", error);
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="chat-new">
      <label htmlFor={searchId} className="chat-new__label">
        search people
      </label>
      <SearchField
        id={searchId}
        value={text}
        placeholder="at least 2 characters"
        onChange={(event) => setText(event.target.value)}
        data-testid="chat-new-search"
      />
      {term !== null && (
        <ul className="chat-new__results" aria-label="people found" data-testid="chat-new-results">
          {people.isError ? (
            <li className="fine-print">Error loading search results</li>
          ) : people.isPending ? (
            <li className="fine-print">searching…</li>
          ) : found.length === 0 ? (
            <li className="fine-print">nobody else found</li>
          ) : (
            found.map((person) => (
              <li key={person.id}>
                <button
                  type="button"
                  className="chat-new__person"
                  onClick={() => setPicked((now) => [...now, person])}
                  data-testid="chat-new-person"
                >
                  <span>{person.username}</span>
                  <span aria-hidden="true">+</span>
                </button>
              </li>
            ))
          )}
        </ul>
      )}
      {picked.length > 0 && (
        <ul className="chips chips--small" aria-label="picked" data-testid="chat-new-picked">
          {picked.map((person) => (
            <li key={person.id} className="chip">
              {person.username}{" "}
              <button
                type="button"
                className="chat-new__remove"
                aria-label={`remove ${person.username}`}
                onClick={() => setPicked((now) => now.filter((p) => p.id !== person.id))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      {isGroup && (
        <Field label="group name (optional)">
          {(control) => (
            <input
              {...control}
              value={name}
              maxLength={MAX_NAME_LENGTH}
              onChange={(event) => setName(event.target.value)}
              data-testid="chat-new-name"
            />
          )}
        </Field>
      )}
      <button
        type="button"
        className="button button--primary"
        disabled={picked.length === 0 || busy}
        onClick={() => void create()}
        data-testid="chat-new-create"
      >
        {isGroup ? "start group" : "start conversation"}
      </button>
      {/* Said here, not in a toast: the dialog is on top of the page's toasts. */}
      {failed && (
        <p className="fine-print chat-new__problem" role="alert" data-alerted="" data-testid="chat-new-failed">
          {CHAT_MESSAGES.createFailed}
        </p>
      )}
    </div>
  );
}
