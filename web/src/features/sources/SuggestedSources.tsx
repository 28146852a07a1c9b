import { type FormEvent, useId, useState } from "react";
import { APPROVAL_TEXT, canSuggest, suggestFailureText, type Suggestion } from "./suggested-sources.ts";
import { displayAddress, httpHref } from "../../lib/web-address.ts";
import { QueryState } from "../../components/QueryState.tsx";
import { Section } from "../../components/Section.tsx";
import { useQuery } from "@tanstack/react-query";
import { suggestionsQuery } from "./api.ts";
import { useSuggestSource } from "./suggestion-hooks.ts";
import "./sources.css";

/** Suggest a site or feed graph does not read yet, and follow each suggestion's check. */
export function SuggestedSources({ userId }: { userId: string }) {
  const [link, setLink] = useState("");
  const suggestions = useQuery(suggestionsQuery(userId));
  const suggest = useSuggestSource(userId, () => setLink(""));
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();

  const ready = canSuggest(link) && !suggest.isPending;
  const failure = suggest.isError ? suggestFailureText(suggest.error) : null;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (ready) suggest.mutate(link.trim());
  };

  return (
    <Section title="suggested sources" testId="suggested-sources">
      <form className="tune-form" onSubmit={onSubmit} aria-label="suggest a source" data-testid="suggest-form">
        <label htmlFor={inputId} className="tune-form__label">
          site or feed link
        </label>
        <div className="tune-form__row">
          <input
            id={inputId}
            className="tune-form__input"
            type="text"
            inputMode="url"
            autoComplete="url"
            autoCapitalize="off"
            autoCorrect="off"
            spellCheck={false}
            maxLength={2048}
            placeholder="example.com/blog"
            value={link}
            aria-describedby={failure ? `${hintId} ${errorId}` : hintId}
            aria-invalid={failure !== null}
            onChange={(event) => {
              setLink(event.target.value);
              if (suggest.isError) suggest.reset();
            }}
            data-testid="suggest-input"
          />
          <button
            type="submit"
            className="button button--primary tune-form__submit"
            disabled={!ready}
            aria-busy={suggest.isPending}
            data-testid="suggest-submit"
          >
            {suggest.isPending ? "suggesting..." : "suggest"}
          </button>
        </div>
        <p id={hintId} className="fine-print">
          a site graph doesn't read yet, or its feed. graph checks it, and once it's added its articles reach your feed.
        </p>
        {failure && (
          <p id={errorId} className="fine-print tune-form__problem" role="alert" data-testid="suggest-error">
            {failure}
          </p>
        )}
      </form>

      <QueryState
        query={suggestions}
        what="your suggestions"
        loading="loading your suggestions..."
        empty={
          <p className="tune-section__empty" data-testid="suggestions-empty">
            no suggestions yet. suggest a site you read, and graph checks whether it has a feed.
          </p>
        }
      >
        {(list) => (
          <ul className="tune-rows" aria-label="your suggestions" data-testid="suggestion-list">
            {list.map((s) => (
              <SuggestionRow key={s.id} suggestion={s} />
            ))}
          </ul>
        )}
      </QueryState>
    </Section>
  );
}

function SuggestionRow({ suggestion }: { suggestion: Suggestion }) {
  const site = suggestion.website_url;
  const feed = suggestion.rss_feed_url;
  const siteHref = httpHref(site);
  return (
    <li className="tune-row" data-testid="suggestion" data-state={suggestion.approval_state}>
      <div className="tune-row__main">
        {siteHref ? (
          <a className="tune-row__title" href={siteHref} target="_blank" rel="noopener noreferrer">
            {displayAddress(site)}
          </a>
        ) : (
          <span className="tune-row__title">{displayAddress(site)}</span>
        )}
        {feed && feed !== site && <span className="tune-row__meta">feed: {displayAddress(feed)}</span>}
      </div>
      <span className={`state-badge state-badge--${suggestion.approval_state}`} data-testid="suggestion-state">
        {APPROVAL_TEXT[suggestion.approval_state]}
      </span>
    </li>
  );
}
