import { useEffect, useState } from "react";
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link } from "react-router-dom";
import { FOLLOWING_FEED } from "@graph/core/modules/follows/rules";
import { useAuth } from "../../lib/session.tsx";
import { setArticleAdded } from "./api.ts";
import { FOLLOWING_EMPTY_TEXT, FOLLOWING_NO_SESSIONS_TEXT, formatAge } from "./feed.ts";
import { cardTitle, TITLE_MAX, TITLE_MAX_MOBILE, truncateTitle } from "../../lib/titles.ts";
import {
  type FriendPick,
  type FriendSession,
  followListsQuery,
  followingFeedQuery,
  withPickAdded,
} from "../following/index.ts";
import { PHONE_SCREEN, useMediaQuery } from "../../hooks/use-media-query.ts";
import { useNow } from "../../hooks/use-now.ts";
import { useSeenReporter } from "./hooks.ts";
import { AddToggleButton, addFailedText } from "./AddToggleButton.tsx";
import { showFullDate } from "./ArticleCard.tsx";
import { useToast } from "../../components/Toasts.tsx";
import "./feed.css";
import "./friend-sessions.css";

/** Sources shown by kind, as on the feed's cards (feeds and sites read as "web"). */
const TYPE_LABEL = { twitter: "twitter", youtube: "youtube", bluesky: "bluesky", other: "web" } as const;
const typeOf = (sourceType: string): keyof typeof TYPE_LABEL =>
  sourceType === "twitter" || sourceType === "youtube" || sourceType === "bluesky" ? sourceType : "other";

/**
 * The home page's following tab: friends' feed sessions, newest first, ten at a time; the next
 * page loads when the page is scrolled within 200 px of the bottom, until a page comes back
 * short. Picks half on screen are reported as seen, as on the feed.
 */
export function FollowingPanel() {
  const auth = useAuth();
  const userId = auth.userId ?? "";
  const query = useInfiniteQuery(followingFeedQuery(userId));
  const { data, fetchNextPage, hasNextPage, isFetchingNextPage } = query;
  const sessions = data?.pages.flat() ?? [];
  const empty = query.isSuccess && sessions.length === 0;
  // Only an empty feed needs to know whether the person follows anyone (which empty state to show).
  const lists = useQuery({ ...followListsQuery(userId), enabled: empty });

  useEffect(() => {
    if (!hasNextPage) return;
    const check = () => {
      const fromBottom = document.documentElement.scrollHeight - (window.scrollY + window.innerHeight);
      if (fromBottom <= FOLLOWING_FEED.scrollThresholdPx && !isFetchingNextPage) void fetchNextPage();
    };
    check(); // a page shorter than the window never scrolls
    window.addEventListener("scroll", check, { passive: true });
    window.addEventListener("resize", check);
    return () => {
      window.removeEventListener("scroll", check);
      window.removeEventListener("resize", check);
    };
  }, [hasNextPage, isFetchingNextPage, fetchNextPage, sessions.length]);

  const track = useSeenReporter(auth.userId);
  const isMobile = useMediaQuery(PHONE_SCREEN);
  const now = useNow(60_000);

  if (query.isPending) {
    return (
      <div className="loading" role="status" data-testid="following-loading">
        loading your friends' sessions...
      </div>
    );
  }
  if (query.isError) {
    return (
      <div className="feed-error" role="alert" data-testid="following-error">
        <p>couldn't load your friends' sessions.</p>
        <button type="button" className="button button--outline" onClick={() => void query.refetch()}>
          try again
        </button>
      </div>
    );
  }
  if (empty) {
    if (lists.isPending) {
      return <div className="loading" role="status" data-testid="following-loading" />;
    }
    const followsNobody = (lists.data?.followingCount ?? 0) === 0;
    return (
      <div className="feed-empty" data-testid="following-empty">
        <p data-testid="following-empty-text">{followsNobody ? FOLLOWING_EMPTY_TEXT : FOLLOWING_NO_SESSIONS_TEXT}</p>
        {followsNobody && (
          <Link to="/home/find?type=users" className="text-link">
            find people to follow
          </Link>
        )}
      </div>
    );
  }

  return (
    <div className="following" data-testid="following-feed" aria-busy={query.isFetching}>
      <ol className="friend-sessions">
        {sessions.map((session) => (
          <FriendSessionCard
            key={`${session.user_id}-${session.created_at}`}
            session={session}
            now={now}
            isMobile={isMobile}
            track={track}
          />
        ))}
      </ol>
      {isFetchingNextPage && (
        <p className="loading" role="status" data-testid="following-loading-more">
          loading more...
        </p>
      )}
    </div>
  );
}

interface CardProps {
  session: FriendSession;
  now: number;
  isMobile: boolean;
  track: (element: HTMLElement | null) => (() => void) | undefined;
}

/** The friend's photo (on graph's origin); their initial when they have none or it cannot be had. */
function FriendAvatar({ session }: { session: FriendSession }) {
  const [failed, setFailed] = useState(false);
  if (!session.image_url || failed) {
    return (
      <span className="avatar avatar--initial" aria-hidden="true">
        {session.username.slice(0, 1).toUpperCase()}
      </span>
    );
  }
  return (
    <img
      className="avatar"
      src={session.image_url}
      alt=""
      width={32}
      height={32}
      decoding="async"
      onError={() => setFailed(true)}
    />
  );
}

function FriendSessionCard({ session, now, isMobile, track }: CardProps) {
  const age = formatAge(session.created_at, now);
  return (
    <li className="friend-session" data-testid="friend-session" data-user-id={session.user_id}>
      <header className="friend-session__head">
        <FriendAvatar key={session.image_url} session={session} />
        <Link to={`/${encodeURIComponent(session.username)}`} className="friend-session__name text-link">
          {session.username}
        </Link>
        <time className="friend-session__age" dateTime={session.created_at} onPointerEnter={showFullDate}>
          {age}
        </time>
      </header>
      <ol className="friend-session__picks">
        {session.graphpicks.map((pick) => (
          <FriendPickRow key={pick.article_id} pick={pick} isMobile={isMobile} track={track} />
        ))}
      </ol>
    </li>
  );
}

function FriendPickRow({ pick, isMobile, track }: { pick: FriendPick; isMobile: boolean; track: CardProps["track"] }) {
  const whole = cardTitle(pick.title, pick.source_name);
  const title = truncateTitle(whole, isMobile ? TITLE_MAX_MOBILE : TITLE_MAX);
  return (
    <li
      className="article friend-pick"
      ref={track}
      data-testid="friend-pick"
      data-article-id={pick.article_id}
      data-feed-card=""
      data-link={pick.link}
      tabIndex={-1}
    >
      <p className="article__meta">
        <span className="article__source">{pick.source_name}</span>
        <span className={`type-label type-label--${typeOf(pick.source_type)}`}>
          {TYPE_LABEL[typeOf(pick.source_type)]}
        </span>
      </p>
      <h3 className="article__title">
        <a href={pick.link} target="_blank" rel="noopener noreferrer" title={title !== whole ? whole : undefined}>
          {title}
          <span className="visually-hidden"> (opens in a new tab)</span>
        </a>
      </h3>
      <div className="article__footer">
        {pick.best_matching_keywords.length > 0 ? (
          <ul className="chips chips--small" aria-label="why this matched">
            {pick.best_matching_keywords.map((keyword) => (
              <li key={keyword} className="chip chip--match" title={keyword}>
                {keyword}
              </li>
            ))}
          </ul>
        ) : (
          <span />
        )}
        <PickAddToggle pick={pick} />
      </div>
    </li>
  );
}

/** Adds a friend's pick to the reader's own graph: flips at once, flips back if the server refuses. */
function PickAddToggle({ pick }: { pick: FriendPick }) {
  const auth = useAuth();
  const queryClient = useQueryClient();
  const key = followingFeedQuery(auth.userId ?? "").queryKey;
  const toast = useToast();
  const set = (isAdded: boolean) =>
    queryClient.setQueryData(key, (data) =>
      data ? { ...data, pages: withPickAdded(data.pages, pick.article_id, isAdded) } : data,
    );
  const mutation = useMutation({
    mutationFn: (wanted: boolean) => setArticleAdded(pick.article_id, wanted),
    onMutate: (wanted) => {
      const previous = pick.isAddedToGraph;
      set(wanted);
      return { previous };
    },
    onError: (error, wanted, context) => {
      console.error("toggle_add_article failed", error);
      if (context) set(context.previous);
      toast.alert(addFailedText(wanted));
    },
    onSuccess: (result) => set(result.isAddedToGraph),
  });
  const added = pick.isAddedToGraph;
  return <AddToggleButton added={added} busy={mutation.isPending} onToggle={(wanted) => mutation.mutate(wanted)} />;
}
