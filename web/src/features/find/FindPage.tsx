import { type FormEvent, useCallback, useEffect, useId, useState } from "react";
import { Link, useLocation, useSearchParams } from "react-router-dom";
import { Tablist } from "../../components/Tablist.tsx";
import { useDebouncedTerm } from "../../hooks/use-debounced-term.ts";
import { useAuth } from "../../lib/session.tsx";
import { FIND_MAX_CHARS, FIND_TYPES, type FindType, debounceFor, parseFindType, searchTerm } from "./find.ts";
import { PostsResults } from "./PostsResults.tsx";
import { UsersResults } from "./UsersResults.tsx";
import { SearchField } from "../../components/SearchField.tsx";
import { TumbleListPicker } from "./TumbleListPicker.tsx";
import { instantPreset, useTumble } from "./use-tumble.ts";
import { WrittenListEditor } from "./WrittenListEditor.tsx";
import "./find.css";

const TAB_LABEL: Record<FindType, string> = { posts: "posts", users: "users" };
const PLACEHOLDER: Record<FindType, string> = { posts: "search posts by word", users: "search people by username" };

/** `/home/find` — articles by word (`?type=posts`, the default) and people by name (`?type=users`). */
export function FindPage() {
  const [params, setParams] = useSearchParams();
  const type = parseFindType(params.get("type"));

  const { userId } = useAuth();
  // A random term of the chosen list is waiting in the field when the page opens on posts.
  const [text, setText] = useState(() => (type === "posts" ? instantPreset(userId ?? "") : ""));
  const tumbler = useTumble(userId ?? "", type === "posts" && text === "", setText);
  const { term, pending, settleNow } = useDebouncedTerm(text, debounceFor(type), searchTerm);
  const [editing, setEditing] = useState(false);

  const baseId = useId();
  const tabId = (t: FindType) => `${baseId}-tab-${t}`;
  const panelId = `${baseId}-panel`;
  const inputId = `${baseId}-input`;

  // The feed's `/` key comes here to type at once (and only then: a visit by link keeps focus on the page).
  const focusFind = (useLocation().state as { focusFind?: boolean } | null)?.focusFind === true;
  useEffect(() => {
    if (focusFind) document.getElementById(inputId)?.focus();
  }, [focusFind, inputId]);

  const choose = useCallback(
    (next: FindType) => {
      setParams(
        (prev) => {
          const p = new URLSearchParams(prev);
          p.set("type", next);
          return p;
        },
        { preventScrollReset: true },
      );
    },
    [setParams],
  );

  const show = (word: string | null) => {
    if (word === null) return;
    setText(word);
    settleNow(word);
  };
  const tumble = () => void tumbler.tumble(text).then(show);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    settleNow(text);
  };

  return (
    <div className="page find" data-testid="find-page">
      <h1 className="visually-hidden">find</h1>

      <Tablist
        tabs={FIND_TYPES}
        selected={type}
        onSelect={choose}
        label="search for"
        className="find__tabs"
        tabId={tabId}
        panelId={panelId}
        testId={(t) => `find-tab-${t}`}
      >
        {(t) => TAB_LABEL[t]}
      </Tablist>

      <div role="tabpanel" id={panelId} aria-labelledby={tabId(type)} className="find__panel">
        <form role="search" className="find__form" onSubmit={onSubmit} aria-label={`search ${type}`}>
          <label htmlFor={inputId} className="visually-hidden">
            {type === "posts" ? "search posts" : "search users"}
          </label>
          <SearchField
            id={inputId}
            inputMode="search"
            enterKeyHint="search"
            maxLength={FIND_MAX_CHARS}
            placeholder={PLACEHOLDER[type]}
            value={text}
            onChange={(event) => {
              tumbler.typed();
              setText(event.target.value);
            }}
            data-testid="find-input"
          />
          {type === "posts" && (
            <button
              type="button"
              className="button button--outline find__tumble"
              data-testid="tumble-word"
              title="fill in a random topic"
              onClick={tumble}
            >
              <svg className="find__tumble-glyph" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
                <rect x="2.5" y="2.5" width="15" height="15" rx="3.5" />
                <circle cx="6.75" cy="6.75" r="1.3" />
                <circle cx="13.25" cy="6.75" r="1.3" />
                <circle cx="10" cy="10" r="1.3" />
                <circle cx="6.75" cy="13.25" r="1.3" />
                <circle cx="13.25" cy="13.25" r="1.3" />
              </svg>
              tumble word
            </button>
          )}
        </form>
        {type === "posts" && (
          <p className="fine-print find__agent">
            <Link
              to={text.trim() ? `/home/agent?q=${encodeURIComponent(text.trim())}` : "/home/agent"}
              data-testid="find-agent-link"
            >
              search further: agentic search
            </Link>
          </p>
        )}

        {type === "posts" && (
          <>
            <TumbleListPicker
              list={tumbler.list}
              lists={tumbler.lists}
              onChoose={(id) => void tumbler.choose(id, text).then(show)}
              editing={editing}
              onEdit={() => setEditing((open) => !open)}
            />
            {tumbler.failure !== null && (
              <p role="alert" className="find__tumble-failure" data-testid="tumble-failure">
                {tumbler.failure}
              </p>
            )}
            {editing && userId && <WrittenListEditor userId={userId} onClose={() => setEditing(false)} />}
          </>
        )}

        {type === "posts" ? (
          <PostsResults term={term} text={text} pending={pending} />
        ) : (
          <UsersResults term={term} text={text} pending={pending} />
        )}
      </div>
    </div>
  );
}
