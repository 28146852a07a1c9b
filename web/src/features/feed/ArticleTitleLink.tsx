import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router-dom";
import { readerPath, readingSettingsQuery } from "./reading.ts";
import type { FeedArticle } from "./feed.ts";

interface ArticleTitleLinkProps {
  article: FeedArticle;
  userId: string;
  /** The title as shown (perhaps cut short). */
  title: string;
  /** The whole title, when the shown one is cut. */
  whole?: string | undefined;
}

/**
 * A card's title: opens the article in graph's reader view, or — when the person chose "open
 * articles on the publisher's site" — the publisher's page in a new tab. Until the setting is
 * read it leads to the reader view, which offers the publisher's link itself.
 */
export function ArticleTitleLink({ article, userId, title, whole }: ArticleTitleLinkProps) {
  const settings = useQuery(readingSettingsQuery(userId));
  if (settings.data?.openOnPublisher) {
    return (
      <a href={article.link} target="_blank" rel="noopener noreferrer" title={whole}>
        {title}
        <span className="visually-hidden"> (opens in a new tab)</span>
      </a>
    );
  }
  return (
    <Link to={readerPath(article.id)} title={whole} data-testid="article-read">
      {title}
    </Link>
  );
}
