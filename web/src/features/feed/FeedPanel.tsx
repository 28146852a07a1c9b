import { useDeferredValue, useEffect, useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link } from "react-router-dom";
import { useAuth } from "../../lib/session.tsx";
import type { Plan } from "@graph/core/lib/plans/rules";
import { feedQuery, fetchFeed, storeFeed } from "./api.ts";
import { refreshRefusal } from "./feed-errors.ts";
import {
  earlierLabel,
  formatCountdown,
  leadArticle,
  msUntil,
  orderedGroups,
  type FeedArticle,
  type FeedResponse,
} from "./feed.ts";
import { ArticleCard } from "./ArticleCard.tsx";
import { PHONE_SCREEN, useMediaQuery } from "../../hooks/use-media-query.ts";
import { useNow } from "../../hooks/use-now.ts";
import { OFFLINE_REASON, useOnline } from "../../components/online.ts";
import { useSeenReporter } from "./hooks.ts";
import "./feed.css";

/** Wait before asking again when the server's next refresh time has already passed on a fresh answer. */
const STALE_RETRY_MS = 30_000;
/** Fire the automatic refresh a moment after the countdown reaches zero, never before. */
const REFRESH_SLACK_MS = 250;
const MAX_TIMEOUT_MS = 2_147_483_647;

export function FeedPanel() {
  const auth = useAuth();
  const userId = auth.userId ?? "";
  const queryClient = useQueryClient();
  const feed = feedQuery(userId);
  const query = useQuery(feed);
  const { refetch, dataUpdatedAt } = query;
  // A feed that arrives is shown at a transition's priority: its cards are built in slices that
  // leave a phone's main thread free between them (for input, and the first picture's paint),
  // not in one long task. A panel mounted with the feed in hand (back from the reader) shows it at once.
  const data = useDeferredValue(query.data);
  const [blockedUntil, setBlockedUntil] = useState(0);
  /** A refused manual refresh, said beside the button (never in a dialog). */
  const [refusal, setRefusal] = useState<string | null>(null);

  // Automatic refresh when the countdown reaches zero.
  const nextRefreshTime = data?.nextRefreshTime;
  useEffect(() => {
    if (!nextRefreshTime) return;
    const left = msUntil(nextRefreshTime, Date.now());
    const delay = left > 0 ? left + REFRESH_SLACK_MS : Date.now() - dataUpdatedAt < STALE_RETRY_MS ? STALE_RETRY_MS : 0;
    const timer = setTimeout(() => void refetch(), Math.min(delay, MAX_TIMEOUT_MS));
    return () => clearTimeout(timer);
  }, [nextRefreshTime, dataUpdatedAt, refetch]);

  const manual = useMutation({
    mutationFn: () => fetchFeed(true),
    onMutate: () => setRefusal(null),
    onSuccess: (fresh) => {
      queryClient.setQueryData(feed.queryKey, fresh);
      storeFeed(userId, fresh);
    },
    onError: (error) => {
      const refused = refreshRefusal(error);
      if (refused) {
        if (refused.retryAfterMs !== null) setBlockedUntil(Date.now() + refused.retryAfterMs);
        setRefusal(refused.message);
        return;
      }
      setRefusal("couldn't refresh your feed. please try again.");
      console.error("manual refresh failed", error);
    },
  });

  const track = useSeenReporter(auth.userId);
  const isMobile = useMediaQuery(PHONE_SCREEN);
  const minuteNow = useNow(60_000);
  const online = useOnline();

  if (!data && !query.isError) {
    return (
      <div className="loading" role="status" data-testid="feed-loading">
        loading your feed...
      </div>
    );
  }

  if (query.isError || !data) {
    return (
      <div className="feed-error" role="alert" data-testid="feed-error">
        <p>{online ? "couldn't load your feed." : "you are offline, and no picks are kept on this device yet."}</p>
        <button type="button" className="button button--outline" onClick={() => void refetch()}>
          try again
        </button>
      </div>
    );
  }

  const plan: Plan = auth.plan ?? data.plan ?? "free";
  const groups = orderedGroups(data.groups, data.groupOrder);
  const earlier = data.earlier ?? [];
  const manualAt = Math.max(Date.parse(data.nextManualRefreshTime ?? "") || 0, blockedUntil);

  return (
    <div
      className="feed"
      data-testid="feed"
      data-preparing={data.preparing}
      data-session={data.sessionStartedAt ?? ""}
      aria-busy={query.isFetching || manual.isPending || data.preparing}
    >
      <RefreshBar
        plan={plan}
        nextRefreshTime={data.nextRefreshTime}
        nextManualAt={manualAt}
        refreshing={query.isFetching || manual.isPending}
        refusal={refusal}
        online={online}
        refreshesUsed={data.refreshesUsed}
        refreshesPerDay={data.refreshesPerDay}
        onManual={() => manual.mutate()}
      />
      {!online && (
        <p className="feed-note" role="status" data-testid="feed-offline">
          offline: these are the picks kept from your last visit. adding, silencing and refreshing wait for the
          connection.
        </p>
      )}
      {data.preparing ? (
        <p className="feed-note" role="status" data-testid="feed-preparing">
          matching your new topics against recent articles… more arrive in a moment.
        </p>
      ) : data.caughtUp ? (
        <p className="feed-note" role="status" data-testid="feed-caught-up">
          you're all caught up: nothing new since your last refresh. here are your latest picks.
        </p>
      ) : null}
      {groups.length === 0 && earlier.length === 0 ? (
        <div className="feed-empty">
          <p data-testid="feed-empty">
            nothing to show!{" "}
            <Link to="/getting-started" className="text-link">
              add some topics
            </Link>{" "}
            to see content!
          </p>
        </div>
      ) : (
        groups.map((group) => (
          <CardGroup
            key={group.name}
            title={group.name}
            articles={group.articles}
            testId="feed-group"
            group={group.name}
            cards={{ userId, isMobile, now: minuteNow, track, eagerId: leadArticle(data)?.id }}
          />
        ))
      )}
      {earlier.length > 0 && <EarlierSessions earlier={earlier} cards={{ userId, isMobile, now: minuteNow, track }} />}
    </div>
  );
}

/** What every card of the feed is shown with. */
interface CardProps {
  userId: string;
  isMobile: boolean;
  now: number;
  track: ReturnType<typeof useSeenReporter>;
  /** The first card's id: its picture loads at once, every other lazily. */
  eagerId?: string | undefined;
}

interface CardGroupProps {
  title: string;
  articles: FeedArticle[];
  testId: string;
  /** The current session's group name (absent for an earlier session). */
  group?: string;
  className?: string;
  cards: CardProps;
}

/** A titled list of cards with its count: a group of the current session, or an earlier session. */
function CardGroup({ title, articles, testId, group, className = "feed-group", cards }: CardGroupProps) {
  return (
    <section className={className} data-testid={testId} data-group={group} aria-label={title}>
      <h2 className="feed-group__title">
        <span>{title}</span>
        <span className="feed-group__count">{articles.length}</span>
      </h2>
      <ol className="feed-group__list">
        {articles.map((article) => (
          <ArticleCard key={article.id} article={article} {...cards} eager={article.id === cards.eagerId} />
        ))}
      </ol>
    </section>
  );
}

/** The sessions before the current one, newest first: nothing delivered disappears (seen ones are marked). */
function EarlierSessions({ earlier, cards }: { earlier: NonNullable<FeedResponse["earlier"]>; cards: CardProps }) {
  return (
    <div className="feed-earlier" data-testid="feed-earlier">
      {earlier.map((session) => (
        <CardGroup
          key={session.refreshedAt}
          title={earlierLabel(session.refreshedAt, cards.now)}
          articles={session.articles}
          testId="feed-earlier-session"
          className="feed-group feed-group--earlier"
          cards={cards}
        />
      ))}
    </div>
  );
}

interface RefreshBarProps {
  plan: Plan;
  nextRefreshTime: string;
  /** Epoch ms before which a manual refresh is refused; 0 when it is allowed now. */
  nextManualAt: number;
  refreshing: boolean;
  /** Why the last manual refresh was refused, said inline beside the button. */
  refusal: string | null;
  /** Whether the browser is online: a refresh needs the server. */
  online: boolean;
  /** Refreshes (the schedule's and the button's) in the last 24 hours, and the plan's; absent from an older answer. */
  refreshesUsed: number | undefined;
  refreshesPerDay: number | undefined;
  onManual: () => void;
}

function RefreshBar(props: RefreshBarProps) {
  const { plan, nextRefreshTime, nextManualAt, refreshing, refusal, online, refreshesUsed, refreshesPerDay, onManual } =
    props;
  const now = useNow(1000);
  const count =
    refreshesUsed !== undefined && refreshesPerDay !== undefined ? (
      <span className="feed-bar__note" data-testid="refresh-count" data-used={refreshesUsed}>
        {" "}
        · {refreshesUsed} of {refreshesPerDay} refreshes today
      </span>
    ) : null;

  if (plan === "free") {
    const left = msUntil(nextRefreshTime, now);
    return (
      <div className="feed-bar">
        <p className="feed-bar__status">
          next refresh in{" "}
          <time className="feed-bar__clock" role="timer" data-testid="refresh-countdown">
            {formatCountdown(left)}
          </time>
          {count}
          {refreshing && <span className="feed-bar__note"> · refreshing...</span>}
        </p>
        <Link to="/home/upgrade" className="feed-bar__upgrade text-link" data-testid="upgrade-link">
          upgrade
        </Link>
      </div>
    );
  }

  const cooldown = Math.max(0, nextManualAt - now);
  return (
    <div className="feed-bar">
      <button
        type="button"
        className="button button--outline feed-bar__refresh"
        data-testid="manual-refresh"
        disabled={cooldown > 0 || refreshing || !online}
        title={online ? undefined : OFFLINE_REASON}
        onClick={onManual}
      >
        {refreshing ? "refreshing..." : "refresh"}
      </button>
      {cooldown > 0 && (
        <p className="feed-bar__status">
          available in{" "}
          <time className="feed-bar__clock" role="timer" data-testid="manual-refresh-countdown">
            {formatCountdown(cooldown)}
          </time>
        </p>
      )}
      <p className="feed-bar__status">{count}</p>
      {refusal && (
        <p className="feed-bar__refusal" role="alert" data-testid="refresh-refused">
          {refusal}
          {cooldown > 0 && ` (${formatCountdown(cooldown)} left)`}
        </p>
      )}
    </div>
  );
}
