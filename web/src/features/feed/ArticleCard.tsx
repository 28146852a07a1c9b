import { type PointerEvent, useId } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { feedQuery, setArticleAdded, silenceSource, storeFeed, unsilenceSource } from "./api.ts";
import {
  type FeedArticle,
  formatAge,
  isArticleAdded,
  keywordChip,
  LEAD_PICTURE_SIZES,
  withAddedState,
  withoutSource,
} from "./feed.ts";
import { cardTitle, TITLE_MAX, TITLE_MAX_MOBILE, truncateTitle } from "../../lib/titles.ts";
import { AddToggleButton, addFailedText } from "./AddToggleButton.tsx";
import { ArticleTitleLink } from "./ArticleTitleLink.tsx";
import { useToast } from "../../components/Toasts.tsx";
import { OFFLINE_REASON, useOnline } from "../../components/online.ts";
import "./feed.css";

const SILENCE_FAILED = "failed to silence the source. please try again";
const UNSILENCE_FAILED = "failed to un-silence the source. please try again";

const TYPE_LABEL: Record<FeedArticle["type"], string> = {
  twitter: "twitter",
  youtube: "youtube",
  bluesky: "bluesky",
  other: "web",
};

interface ArticleCardProps {
  article: FeedArticle;
  userId: string;
  isMobile: boolean;
  now: number;
  track: (element: HTMLElement | null) => (() => void) | undefined;
  /** The page's first card: its picture is the largest thing above the fold, so it loads at once. */
  eager?: boolean;
}

export function ArticleCard({ article, userId, isMobile, now, track, eager = false }: ArticleCardProps) {
  const whole = cardTitle(article.title, article.source_name);
  const title = truncateTitle(whole, isMobile ? TITLE_MAX_MOBILE : TITLE_MAX);
  const cut = title !== whole;
  const age = formatAge(article.publishedAt, now);
  const keywords = article.bestMatchingKeywords ?? [];
  const typeLabel = TYPE_LABEL[article.type] ?? article.type;

  return (
    <li
      className={article.picture ? `article article--pictured${eager ? " article--lead" : ""}` : "article"}
      ref={track}
      data-testid="feed-article"
      data-article-id={article.id}
      data-seen={article.seen === true}
      data-source-id={article.source_id}
      data-type={article.type}
      data-feed-card=""
      data-link={article.link}
      tabIndex={-1}
    >
      <p className="article__meta">
        <span className="article__source" dir="auto">
          {article.source_name}
        </span>
        {article.subject && (
          <span className="article__subject" data-testid="article-subject">
            {article.subject}
          </span>
        )}
        <span className={`type-label type-label--${article.type}`}>{typeLabel}</span>
        {age && (
          <time className="article__age" dateTime={article.publishedAt} onPointerEnter={showFullDate}>
            {age}
          </time>
        )}
        {article.readingMinutes !== undefined && (
          <span className="article__reading" data-testid="article-reading-time">
            {article.readingMinutes} min read
          </span>
        )}
      </p>
      {/* The title's own language and direction: Arabic or Hebrew reads right to left, and a
          Japanese title gets Japanese glyphs. */}
      <h3 className="article__title" lang={article.language} dir="auto">
        <ArticleTitleLink article={article} userId={userId} title={title} whole={cut ? whole : undefined} />
      </h3>
      {article.excerpt && (
        <p className="article__excerpt" lang={article.language} dir="auto" data-testid="article-excerpt">
          {article.excerpt}
        </p>
      )}
      {article.picture && <CardPicture picture={article.picture} eager={eager} />}
      {article.alsoCoveredBy && article.alsoCoveredBy.length > 0 && <AlsoCoveredBy covers={article.alsoCoveredBy} />}
      <div className="article__footer">
        {keywords.length > 0 ? (
          <div className="article__why">
            <span className="article__why-label" aria-hidden="true">
              matched
            </span>
            <ul className="chips chips--small" data-testid="article-keywords" aria-label="why this matched">
              {keywords.map((keyword) => {
                // A topic matched through its related terms, not by name, says which terms carried it.
                const { label, via } = keywordChip(article, keyword);
                return (
                  // A long topic is cut with an ellipsis on narrow screens; the title keeps it whole.
                  <li
                    key={keyword}
                    className={via ? "chip chip--match chip--via" : "chip chip--match"}
                    title={label}
                    data-testid={via ? "article-via" : undefined}
                  >
                    {label}
                  </li>
                );
              })}
            </ul>
          </div>
        ) : (
          <span />
        )}
        <div className="article__actions">
          <SilenceButton article={article} userId={userId} />
          <AddToggle article={article} userId={userId} />
        </div>
      </div>
    </li>
  );
}

/**
 * A card's age (or a friend's session's) gets the full date and time as its tooltip when the pointer first reaches it:
 * formatting every card's date as the feed renders would load the locale's date data (tens of
 * milliseconds on a phone) before the first picture could paint.
 */
export function showFullDate(event: PointerEvent<HTMLTimeElement>) {
  const time = event.currentTarget;
  if (!time.title) time.title = new Date(time.dateTime).toLocaleString();
}

/**
 * The article's picture, from graph's own origin: its size set (no layout shift), the smaller
 * width on a phone, lazy below the first card. Decorative: the title beside it says what it is.
 */
function CardPicture({ picture, eager }: { picture: NonNullable<FeedArticle["picture"]>; eager: boolean }) {
  return (
    <img
      className="article__picture"
      src={picture.src}
      srcSet={picture.srcset}
      sizes={eager ? LEAD_PICTURE_SIZES : PICTURE_SIZES}
      width={picture.width}
      height={picture.height}
      alt=""
      loading={eager ? "eager" : "lazy"}
      decoding="async"
      {...(eager ? { fetchPriority: "high" as const } : {})}
      data-testid="article-picture"
    />
  );
}

/** The picture's shown width (feed.css): 6.5rem on a phone, 13rem beside a desktop card. */
const PICTURE_SIZES = "(max-width: 600px) 6.5rem, 13rem";

/** The other sources that carried the same story (one card per story), each a link to its copy. */
export function AlsoCoveredBy({ covers }: { covers: NonNullable<FeedArticle["alsoCoveredBy"]> }) {
  const labelId = useId();
  return (
    <div className="article__covered" data-testid="also-covered-by">
      <span id={labelId} className="article__covered-label">
        also covered by
      </span>
      <ul className="article__covered-list" aria-labelledby={labelId}>
        {covers.map((cover) => (
          <li key={cover.source_id}>
            <a
              href={cover.link}
              target="_blank"
              rel="noopener noreferrer"
              dir="auto"
              data-testid="also-covered-by-link"
              data-source-id={cover.source_id}
            >
              {cover.source_name}
              <span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * Adds the article to the person's graph or takes it out: flips at once, flips back if the server
 * refuses. The call names the state wanted, so a retried request cannot undo the person's choice.
 */
export function AddToggle({ article, userId }: { article: FeedArticle; userId: string }) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const key = feedQuery(userId).queryKey;

  const setAdded = (isAdded: boolean) => {
    queryClient.setQueryData(key, (feed) => (feed ? withAddedState(feed, article.id, isAdded) : feed));
  };

  const mutation = useMutation({
    mutationFn: (wanted: boolean) => setArticleAdded(article.id, wanted),
    onMutate: (wanted) => {
      const previous = isArticleAdded(queryClient.getQueryData(key), article.id) ?? article.isAddedToGraph;
      setAdded(wanted);
      return { previous };
    },
    onError: (error, wanted, context) => {
      console.error("toggle_add_article failed", error);
      if (context) setAdded(context.previous);
      toast.alert(addFailedText(wanted));
    },
    onSuccess: (result) => setAdded(result.isAddedToGraph),
    onSettled: () => {
      const feed = queryClient.getQueryData(key);
      if (feed) storeFeed(userId, feed);
    },
  });

  const added = article.isAddedToGraph;
  return <AddToggleButton added={added} busy={mutation.isPending} onToggle={(wanted) => mutation.mutate(wanted)} />;
}

/**
 * Silences the article's source: its articles leave the page at once (and the stored copy),
 * and the server leaves them out of every later refresh. Restored (and said) if the server
 * refuses; for a few seconds "undo" un-silences it and puts its articles back.
 */
export function SilenceButton({ article, userId }: { article: FeedArticle; userId: string }) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const online = useOnline();
  const key = feedQuery(userId).queryKey;
  const keep = () => {
    const feed = queryClient.getQueryData(key);
    if (feed) storeFeed(userId, feed);
  };
  const mutation = useMutation({
    mutationFn: () => silenceSource(article.source_id),
    onMutate: () => {
      const previous = queryClient.getQueryData(key);
      const after = queryClient.setQueryData(key, (feed) => (feed ? withoutSource(feed, article.source_id) : feed));
      return { previous, after };
    },
    onError: (error, _variables, context) => {
      console.error("silencing the source failed", error);
      if (context?.previous) queryClient.setQueryData(key, context.previous);
      toast.alert(SILENCE_FAILED);
    },
    onSuccess: (_answer, _variables, context) => {
      toast.undoable(`silenced ${article.source_name}`, {
        run: async () => {
          await unsilenceSource(article.source_id);
          // The articles come back where they were, unless the feed has changed since (then
          // the source's articles return with its next refresh).
          queryClient.setQueryData(key, (feed) =>
            feed === context.after && context.previous ? context.previous : feed,
          );
          keep();
        },
        failed: UNSILENCE_FAILED,
      });
    },
    onSettled: keep,
  });
  return (
    <button
      type="button"
      className="silence-button"
      title={online ? `stop showing ${article.source_name}` : OFFLINE_REASON}
      disabled={!online}
      // Starts with the visible words, so speech control ("click silence source") finds it.
      aria-label={`silence source: ${article.source_name}`}
      data-testid="silence-source"
      onClick={() => {
        if (!mutation.isPending) mutation.mutate();
      }}
    >
      silence source
    </button>
  );
}
