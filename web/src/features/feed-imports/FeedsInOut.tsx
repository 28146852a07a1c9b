import { type ChangeEvent, useEffect, useId } from "react";
import { useInfiniteQuery, useQueryClient } from "@tanstack/react-query";
import { OPML_IMPORT } from "@graph/core/modules/feed-imports/rules";
import { Section } from "../../components/Section.tsx";
import { suggestionsQuery } from "../sources/index.ts";
import { EXPORT_PATH, importQuery } from "./api.ts";
import {
  type FeedImport,
  type ImportedFeed,
  importFailureText,
  isRunning,
  percentDone,
  progressText,
  resultText,
  summaryText,
} from "./feed-imports.ts";
import { isFileProblem, useStartImport } from "./hooks.ts";
import "./feed-imports.css";

const LIMITS = `an OPML file of up to ${OPML_IMPORT.maxBytes / 1024} KB and ${OPML_IMPORT.maxFeeds.toLocaleString("en-US")} feeds`;

/**
 * Feeds in and out: import an OPML file from another reader (each feed checked in the background,
 * with the progress and each feed's result shown), and export the feeds that feed you.
 */
export function FeedsInOut({ userId }: { userId: string }) {
  const latest = useInfiniteQuery(importQuery(userId));
  const start = useStartImport(userId);
  const inputId = useId();
  const hintId = useId();
  const current = latest.data?.pages[0]?.import ?? null;
  const feeds = latest.data?.pages.flatMap((p) => p.feeds) ?? [];
  const running = isRunning(current);
  // The feeds added are the person's suggestions: their list is read again as the import ends.
  const queryClient = useQueryClient();
  const ended = current !== null && !running;
  useEffect(() => {
    if (ended) void queryClient.invalidateQueries({ queryKey: suggestionsQuery(userId).queryKey, exact: true });
  }, [ended, queryClient, userId]);
  const failure = start.isError
    ? isFileProblem(start.error)
      ? start.error.message
      : importFailureText(start.error)
    : null;

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared, so choosing the same file again imports it again.
    event.target.value = "";
    if (file && !running && !start.isPending) start.mutate(file);
  };

  return (
    <Section title="feeds in and out" testId="feeds-in-out">
      <div className="tune-form">
        <label htmlFor={inputId} className="tune-form__label">
          import an OPML file
        </label>
        <div className="feeds-io__actions">
          <input
            id={inputId}
            className="feeds-io__file"
            type="file"
            accept=".opml,.xml,text/x-opml,text/xml,application/xml"
            disabled={running || start.isPending}
            aria-describedby={hintId}
            onChange={onFile}
            data-testid="opml-file"
          />
          <a className="button" href={EXPORT_PATH} download="graph-feeds.opml" data-testid="opml-export">
            export your feeds (OPML)
          </a>
        </div>
        <p id={hintId} className="fine-print">
          bring your feeds from another reader: {LIMITS}. graph checks each feed, and once added its articles reach your
          feed. the export holds the feeds you added and the ones that reached your feed lately.
        </p>
        {start.isPending && <p className="fine-print">sending the file...</p>}
        {failure && (
          <p className="fine-print tune-form__problem" role="alert" data-testid="opml-problem">
            {failure}
          </p>
        )}
      </div>
      {current && <ImportState current={current} />}
      {current && feeds.length > 0 && (
        <ul className="tune-rows" aria-label={`feeds of ${current.fileName}`} data-testid="opml-results">
          {feeds.map((feed) => (
            <FeedRow key={feed.position} feed={feed} />
          ))}
        </ul>
      )}
      {latest.hasNextPage && (
        <button
          type="button"
          className="button"
          onClick={() => void latest.fetchNextPage()}
          disabled={latest.isFetchingNextPage}
          data-testid="opml-more"
        >
          {latest.isFetchingNextPage ? "loading..." : "show more feeds"}
        </button>
      )}
    </Section>
  );
}

function ImportState({ current }: { current: FeedImport }) {
  const text = progressText(current);
  const summary = summaryText(current);
  return (
    <div className="feeds-io__progress" data-testid="opml-progress" data-status={current.status}>
      <p className="feeds-io__progress-text" aria-live="polite">
        {text}
      </p>
      <div
        className="feeds-io__bar"
        role="progressbar"
        aria-label={`checking ${current.fileName}`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percentDone(current)}
        aria-valuetext={text}
      >
        <span style={{ width: `${percentDone(current)}%` }} />
      </div>
      {summary && (
        <p className="feeds-io__summary" data-testid="opml-summary">
          {summary}
        </p>
      )}
      {current.message && (
        <p className="fine-print tune-form__problem" role="alert">
          {current.message}
        </p>
      )}
    </div>
  );
}

function FeedRow({ feed }: { feed: ImportedFeed }) {
  return (
    <li className="tune-row" data-testid="opml-feed" data-status={feed.status} data-url={feed.url}>
      <div className="tune-row__main">
        <span className="tune-row__title">{feed.title || feed.url}</span>
        <span className="tune-row__meta feeds-io__reason">
          {feed.category ? `${feed.category} · ` : ""}
          {feed.url}
        </span>
      </div>
      <span className={`state-badge state-badge--${feed.status}`} data-testid="opml-feed-result">
        {resultText(feed)}
      </span>
    </li>
  );
}
