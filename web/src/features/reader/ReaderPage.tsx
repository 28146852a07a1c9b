import { useEffect, useId, useState } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Link, useNavigate, useParams } from "react-router-dom";
import { READER_MESSAGES } from "@graph/core/modules/reader/rules";
import { LoadFailed } from "../../components/LoadFailed.tsx";
import { NotFoundPage } from "../../components/NotFound.tsx";
import { ApiError } from "../../lib/api.ts";
import { useAuth } from "../../lib/session.tsx";
import {
  AddToggle,
  AlsoCoveredBy,
  type FeedArticle,
  feedQuery,
  isTypingTarget,
  keywordChip,
  SilenceButton,
  storeFeed,
} from "../feed/index.ts";
import { type ArticleReading, readingQuery } from "./api.ts";
import { cardIn, dateText, publisherName, readingTimeText, withLeadPictureEager, withSeen } from "./reader.ts";
import "./reader.css";

/**
 * `/home/read/:articleId` — an article's text inside graph, extracted and sanitised by the server,
 * with what its feed card says (source, date, matched topics, like, silence, other sources) and a
 * prominent link to the publisher's page. A page graph may not or cannot show says so and offers
 * that link instead. Opening it marks the article seen (the server does; the feed here follows).
 */
export function ReaderPage() {
  const articleId = useParams().articleId ?? "";
  const userId = useAuth().userId ?? "";
  const queryClient = useQueryClient();
  const reading = useQuery(readingQuery(articleId));
  const feed = useQuery(feedQuery(userId));
  // The card as the feed showed it: kept once found, so silencing its source does not take the header away.
  const [lastCard, setLastCard] = useState<FeedArticle | undefined>(undefined);
  const found = cardIn(feed.data, articleId);
  if (found && found !== lastCard) setLastCard(found);
  const card = found ?? lastCard;

  const opened = reading.data !== undefined;
  useEffect(() => {
    if (!opened || !userId) return;
    const key = feedQuery(userId).queryKey;
    const before = queryClient.getQueryData(key);
    if (!before) return;
    const after = withSeen(before, articleId);
    if (after === before) return;
    queryClient.setQueryData(key, after);
    storeFeed(userId, after);
  }, [opened, userId, articleId, queryClient]);

  // Escape closes the reader view, as the feed's keys promise: back to where the person came from.
  const navigate = useNavigate();
  useEffect(() => {
    const close = (event: KeyboardEvent) => {
      if (event.key !== "Escape" || event.defaultPrevented || isTypingTarget(event.target as HTMLElement | null))
        return;
      if (document.querySelector("dialog[open]")) return;
      const cameFromGraph = ((window.history.state as { idx?: number } | null)?.idx ?? 0) > 0;
      if (cameFromGraph) void navigate(-1);
      else void navigate("/home");
    };
    window.addEventListener("keydown", close);
    return () => window.removeEventListener("keydown", close);
  }, [navigate]);

  const title = reading.data?.article.title;
  useEffect(() => {
    if (!title) return;
    const before = document.title;
    document.title = `${title} · graph`;
    return () => {
      document.title = before;
    };
  }, [title]);

  if (reading.error instanceof ApiError && reading.error.status === 404) return <NotFoundPage />;
  if (reading.isError) return <LoadFailed what="this article" retry={() => void reading.refetch()} />;
  if (!reading.data) {
    return (
      <p className="loading reader-loading" role="status" data-testid="reader-loading">
        reading the article...
      </p>
    );
  }
  return <Reader answer={reading.data} card={card} userId={userId} />;
}

function Reader({ answer, card, userId }: { answer: ArticleReading; card: FeedArticle | undefined; userId: string }) {
  const { article, reading } = answer;
  const headingId = useId();
  const publisher = publisherName(article.link);
  const date = dateText(article.publishedAt);
  const keywords = card?.bestMatchingKeywords ?? [];
  return (
    <article className="reader" aria-labelledby={headingId} data-testid="reader" data-reading={reading.kind}>
      <p className="reader__back">
        <Link to="/home">← back to the feed</Link>
      </p>
      <header className="reader__head">
        <p className="reader__meta">
          <span className="reader__source" dir="auto">
            {article.sourceName}
          </span>
          {date && <time dateTime={article.publishedAt}>{date}</time>}
          {reading.kind === "article" && <span data-testid="reader-time">{readingTimeText(reading.minutes)}</span>}
        </p>
        <h1 id={headingId} className="reader__title" lang={article.language} dir="auto">
          {article.title}
        </h1>
        {reading.kind === "article" && reading.byline && (
          <p className="reader__byline" dir="auto">
            {reading.byline}
          </p>
        )}
        {keywords.length > 0 && card && (
          <ul
            className="chips chips--small reader__topics"
            data-testid="article-keywords"
            aria-label="why this matched"
          >
            {keywords.map((keyword) => {
              const { label, via } = keywordChip(card, keyword);
              return (
                <li
                  key={keyword}
                  className={via ? "chip chip--match chip--via" : "chip chip--match"}
                  data-testid={via ? "article-via" : undefined}
                >
                  {label}
                </li>
              );
            })}
          </ul>
        )}
        <div className="reader__actions">
          <a
            className="button button--primary reader__publisher"
            href={article.link}
            target="_blank"
            rel="noopener noreferrer"
            data-testid="reader-publisher-link"
          >
            read on {publisher}
            <span className="visually-hidden"> (opens in a new tab)</span>
          </a>
          {card && (
            <>
              <SilenceButton article={card} userId={userId} />
              <AddToggle article={card} userId={userId} />
            </>
          )}
        </div>
        {card?.alsoCoveredBy && card.alsoCoveredBy.length > 0 && <AlsoCoveredBy covers={card.alsoCoveredBy} />}
      </header>
      {reading.kind === "article" ? (
        // Sanitised by the server to an allow-list (no scripts, styles, frames, forms or handlers;
        // links only to web pages, opening in a new tab); pictures only from graph's own origin.
        <div
          className="reader__body"
          lang={article.language}
          dir="auto"
          data-testid="reader-body"
          dangerouslySetInnerHTML={{ __html: withLeadPictureEager(reading.html) }}
        />
      ) : (
        <div className="reader__notice" role="status" data-testid="reader-notice">
          <p>{READER_MESSAGES[reading.kind]}</p>
          <p>
            <a href={article.link} target="_blank" rel="noopener noreferrer" data-testid="reader-notice-link">
              read it on {publisher}
              <span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          </p>
        </div>
      )}
      {reading.kind === "article" && (
        <p className="reader__end">
          <a href={article.link} target="_blank" rel="noopener noreferrer">
            the original on {publisher}
            <span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        </p>
      )}
    </article>
  );
}
