import { type FormEvent, type KeyboardEvent, useCallback, useId, useRef, useState } from "react";
import { useSearchParams } from "react-router-dom";
import { useDebouncedSearch } from "../../lib/find-debounce.ts";
import { createTumbler } from "../../lib/find-tumble.ts";
import { FIND_MAX_CHARS, FIND_TYPES, type FindType, debounceFor, parseFindType } from "../../lib/find.ts";
import { PostsResults } from "./PostsResults.tsx";
import { UsersResults } from "./UsersResults.tsx";

const TAB_LABEL: Record<FindType, string> = { posts: "posts", users: "users" };
const PLACEHOLDER: Record<FindType, string> = { posts: "search posts by word", users: "search people by username" };

/** `/home/find` — articles by word (`?type=posts`, the default) and people by name (`?type=users`). */
export function FindPage() {
  const [params, setParams] = useSearchParams();
  const type = parseFindType(params.get("type"));

  const tumbler = useRef<ReturnType<typeof createTumbler> | null>(null);
  if (tumbler.current === null) tumbler.current = createTumbler();
  // A random topic is waiting in the field when the page opens on posts.
  const [text, setText] = useState(() => (type === "posts" ? (tumbler.current?.next() ?? "") : ""));
  const { term, pending, settleNow } = useDebouncedSearch(text, debounceFor(type));

  const baseId = useId();
  const tabId = (t: FindType) => `${baseId}-tab-${t}`;
  const panelId = `${baseId}-panel`;
  const inputId = `${baseId}-input`;
  const tabRefs = useRef<Partial<Record<FindType, HTMLButtonElement | null>>>({});

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

  const onTabKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const at = FIND_TYPES.indexOf(type);
    let next: FindType | undefined;
    if (event.key === "ArrowRight") next = FIND_TYPES[(at + 1) % FIND_TYPES.length];
    else if (event.key === "ArrowLeft") next = FIND_TYPES[(at - 1 + FIND_TYPES.length) % FIND_TYPES.length];
    else if (event.key === "Home") next = FIND_TYPES[0];
    else if (event.key === "End") next = FIND_TYPES[FIND_TYPES.length - 1];
    if (!next) return;
    event.preventDefault();
    choose(next);
    tabRefs.current[next]?.focus();
  };

  const tumble = () => {
    const word = tumbler.current?.next(text) ?? "";
    setText(word);
    settleNow(word);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    settleNow(text);
  };

  return (
    <div className="page find" data-testid="find-page">
      <h1 className="visually-hidden">find</h1>

      <div className="find__tabs segmented" role="tablist" aria-label="search for" onKeyDown={onTabKeyDown}>
        {FIND_TYPES.map((t) => (
          <button
            key={t}
            ref={(el) => {
              tabRefs.current[t] = el;
            }}
            type="button"
            role="tab"
            id={tabId(t)}
            aria-selected={type === t}
            aria-controls={panelId}
            tabIndex={type === t ? 0 : -1}
            className="segmented__option"
            data-testid={`find-tab-${t}`}
            onClick={() => {
              if (type !== t) choose(t);
            }}
          >
            {TAB_LABEL[t]}
          </button>
        ))}
      </div>

      <div role="tabpanel" id={panelId} aria-labelledby={tabId(type)} className="find__panel">
        <form role="search" className="find__form" onSubmit={onSubmit} aria-label={`search ${type}`}>
          <div className="find__field">
            <label htmlFor={inputId} className="visually-hidden">
              {type === "posts" ? "search posts" : "search users"}
            </label>
            <svg className="find__icon" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
              <circle cx="8.5" cy="8.5" r="5.5" />
              <line x1="12.6" y1="12.6" x2="17" y2="17" />
            </svg>
            <input
              id={inputId}
              className="find__input"
              type="search"
              inputMode="search"
              enterKeyHint="search"
              autoComplete="off"
              autoCorrect="off"
              autoCapitalize="off"
              spellCheck={false}
              maxLength={FIND_MAX_CHARS}
              placeholder={PLACEHOLDER[type]}
              value={text}
              onChange={(event) => setText(event.target.value)}
              data-testid="find-input"
            />
          </div>
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

        {type === "posts" ? (
          <PostsResults term={term} text={text} pending={pending} />
        ) : (
          <UsersResults term={term} text={text} pending={pending} />
        )}
      </div>
    </div>
  );
}
