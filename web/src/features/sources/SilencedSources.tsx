import { useId, useState } from "react";
import {
  SOURCE_SEARCH,
  isSilenced,
  isTooShortForSourceSearch,
  siteHost,
  sourceSearchTerm,
  type SilencedSource,
  type SourceHit,
} from "./silenced-sources.ts";
import { QueryState } from "../../components/QueryState.tsx";
import { Section } from "../../components/Section.tsx";
import { useQuery } from "@tanstack/react-query";
import { silencedQuery, sourceSearchQuery } from "./api.ts";
import { useDebouncedTerm } from "../../hooks/use-debounced-term.ts";
import { useSilence, useUnsilence } from "./silenced-hooks.ts";
import { SearchField } from "../../components/SearchField.tsx";
import "./sources.css";

/** Find sources to keep out of the feed, and let them back in. */
export function SilencedSources({ userId }: { userId: string }) {
  const [text, setText] = useState("");
  const { term, pending } = useDebouncedTerm(text, SOURCE_SEARCH.debounceMs, sourceSearchTerm);
  const search = useQuery(sourceSearchQuery(term));
  const silenced = useQuery(silencedQuery(userId));
  const silence = useSilence(userId);
  const unsilence = useUnsilence(userId);
  const listHeadingId = useId();
  const inputId = useId();
  const hintId = useId();

  const tooShort = isTooShortForSourceSearch(text);
  const hits = term !== null ? search.data : undefined;

  return (
    <Section title="silenced sources" testId="silenced-sources">
      <div className="tune-form">
        <label htmlFor={inputId} className="tune-form__label">
          find a source to silence
        </label>
        <SearchField
          landmark
          id={inputId}
          maxLength={SOURCE_SEARCH.maxChars}
          placeholder="source name or site"
          aria-describedby={hintId}
          value={text}
          onChange={(event) => setText(event.target.value)}
          data-testid="source-search"
        />
        <p id={hintId} className="fine-print" data-testid="source-search-hint">
          {tooShort
            ? `type at least ${SOURCE_SEARCH.minChars} characters to search.`
            : "articles from a silenced source stay out of your feed."}
        </p>
      </div>

      <div className="tune-results" aria-live="polite" aria-busy={pending || search.isFetching}>
        {term === null ? null : search.isError ? (
          <p className="tune-form__problem fine-print" role="alert">
            couldn't search sources. please try again.
          </p>
        ) : hits === undefined ? (
          <p className="loading">searching...</p>
        ) : hits.length === 0 ? (
          <p className="tune-section__empty" data-testid="source-no-match">
            no sources match "{term}".
          </p>
        ) : (
          <ul className="tune-rows" aria-label="sources found" data-testid="source-results">
            {hits.map((hit) => (
              <SourceResult
                key={hit.id}
                hit={hit}
                silenced={isSilenced(silenced.data, hit.id)}
                onSilence={() => silence.mutate({ id: hit.id, name: hit.name })}
              />
            ))}
          </ul>
        )}
      </div>

      <h3 id={listHeadingId} className="tune-section__subtitle">
        silenced
      </h3>
      <QueryState
        query={silenced}
        what="your silenced sources"
        loading="loading your silenced sources..."
        empty={
          <p className="tune-section__empty" data-testid="silenced-empty">
            no silenced sources. silence a source to keep it out of your feed.
          </p>
        }
      >
        {(list) => (
          <ul className="tune-rows" aria-labelledby={listHeadingId} data-testid="silenced-list">
            {list.map((source) => (
              <SilencedRow key={source.id} source={source} onUnsilence={() => unsilence.mutate(source)} />
            ))}
          </ul>
        )}
      </QueryState>
    </Section>
  );
}

function SourceResult({ hit, silenced, onSilence }: { hit: SourceHit; silenced: boolean; onSilence: () => void }) {
  return (
    <li className="tune-row" data-testid="source-result" data-source-id={hit.id}>
      <div className="tune-row__main">
        <span className="tune-row__title">{hit.name}</span>
        <span className="tune-row__meta">{siteHost(hit.siteUrl)}</span>
      </div>
      <button
        type="button"
        className="button button--outline tune-row__action"
        disabled={silenced}
        // Starts with the visible word, so speech control ("click silence") finds it.
        aria-label={silenced ? `silenced: ${hit.name}` : `silence ${hit.name}`}
        onClick={onSilence}
        data-testid="silence"
      >
        {silenced ? "silenced" : "silence"}
      </button>
    </li>
  );
}

function SilencedRow({ source, onUnsilence }: { source: SilencedSource; onUnsilence: () => void }) {
  return (
    <li className="tune-row" data-testid="silenced-source" data-source-id={source.id}>
      <div className="tune-row__main">
        <span className="tune-row__title">{source.name}</span>
      </div>
      <button
        type="button"
        className="button button--outline tune-row__action"
        aria-label={`un-silence ${source.name}`}
        onClick={onUnsilence}
        data-testid="unsilence"
      >
        un-silence
      </button>
    </li>
  );
}
