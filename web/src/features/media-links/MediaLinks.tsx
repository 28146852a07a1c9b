import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { errorText } from "../../lib/api.ts";
import { LoadFailed } from "../../components/LoadFailed.tsx";
import { counted } from "../../lib/words.ts";
import { useNow } from "../../hooks/use-now.ts";
import { channelsQuery } from "../videos/index.ts";
import {
  type SpotifyStatus,
  type YoutubeStatus,
  logoutSpotify,
  logoutYoutube,
  spotifyStatusQuery,
  youtubeStatusQuery,
} from "./api.ts";
import {
  LINK_MESSAGES,
  YOUTUBE_AUTH_FAILED,
  YOUTUBE_AUTH_MESSAGE,
  YOUTUBE_POPUP,
  spotifyLoginUrl,
  spotifyReturn,
  syncedAgo,
  youtubeLoginUrl,
} from "./links.ts";
import { useToast } from "../../components/Toasts.tsx";
import "./media-links.css";

/** How often the YouTube link is read again while its sign-in popup is open. */
const POPUP_STATUS_MS = 2_000;
/** How often the page looks whether the popup was closed (by the person, or by itself). */
const POPUP_CLOSED_MS = 500;

/** A change's outcome, shown under the link it was about. */
interface Said {
  ok: boolean;
  text: string;
}

interface MediaLinksProps {
  userId: string;
  /** `?spotify=` on coming back from Spotify's sign-in. */
  spotifyParam: string | null;
  /** Scroll to the section and move focus to it (the page was opened at `?tab=media-links`). */
  focus: boolean;
}

/**
 * The media tab's links to the person's music and video accounts: Spotify (a full-page sign-in
 * that comes back here) and YouTube (a sign-in popup that tells this page when it is done). Each
 * shows whether it is linked, to whom, when it last synced and what it brought, and unlinks.
 */
export function MediaLinks({ userId, spotifyParam, focus }: MediaLinksProps) {
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (!focus || !heading.current) return;
    heading.current.scrollIntoView({ block: "start" });
    heading.current.focus({ preventScroll: true });
  }, [focus]);

  return (
    <section className="tune-section media-links" aria-labelledby={headingId} data-testid="media-links">
      <h2 id={headingId} ref={heading} tabIndex={-1} className="tune-section__title media-links__title">
        media links
      </h2>
      <p className="tune-section__text">
        link your music and video accounts: your top tracks and artists and the channels you subscribe to fill your
        profile, and count towards mutual interests.
      </p>
      <div className="media-links__list">
        <SpotifyLink userId={userId} returned={spotifyReturn(spotifyParam)} />
        <YoutubeLink userId={userId} />
      </div>
    </section>
  );
}

/** One account's card: its name, what the link is now, its words and its buttons. */
function LinkCard(props: {
  service: string;
  state: "loading" | "none" | "connected" | "disconnected" | "failed";
  children: ReactNode;
  said: Said | null;
  testId: string;
}) {
  const { service, state, children, said, testId } = props;
  return (
    <article className="media-link" data-state={state} data-testid={testId} aria-label={service}>
      <div className="media-link__head">
        <h3 className="media-link__service">{service}</h3>
        {state !== "loading" && state !== "failed" && (
          <span className="media-link__badge" data-state={state} data-testid={`${testId}-state`}>
            {state === "connected" ? "connected" : state === "disconnected" ? "access removed" : "not connected"}
          </span>
        )}
      </div>
      {children}
      <p
        role="status"
        className="media-link__said"
        data-ok={said ? String(said.ok) : undefined}
        data-testid={`${testId}-message`}
      >
        {said?.text}
      </p>
    </article>
  );
}

/** Who the link is to, when it last synced and what it brought. */
function LinkFacts({ name, syncedAt, counts }: { name: string | null; syncedAt: number | null; counts: string }) {
  // The words are coarse ("5 minutes ago"): once a minute is often enough.
  const now = useNow(60_000);
  return (
    <dl className="media-link__facts">
      {name && (
        <div>
          <dt>account</dt>
          <dd data-testid="link-name">{name}</dd>
        </div>
      )}
      {syncedAt !== null && (
        <div>
          <dt>synced</dt>
          <dd>
            <time dateTime={new Date(syncedAt).toISOString()} title={new Date(syncedAt).toLocaleString("en")}>
              {syncedAgo(syncedAt, now)}
            </time>
          </dd>
        </div>
      )}
      <div>
        <dt>on your profile</dt>
        <dd data-testid="link-counts">{counts}</dd>
      </div>
    </dl>
  );
}

function SpotifyLink({ userId, returned }: { userId: string; returned: Said | null }) {
  const queryClient = useQueryClient();
  const status = useQuery(spotifyStatusQuery(userId));
  const [said, setSaid] = useState<Said | null>(returned);
  const logout = useMutation({
    mutationFn: logoutSpotify,
    onMutate: () => setSaid(null),
    onSuccess: (answer) =>
      setSaid({
        ok: true,
        text: `${answer.message}. You can also remove graph's access at spotify.com/account/apps.`,
      }),
    onError: (error) => {
      console.error("spotify logout failed", error);
      setSaid({ ok: false, text: errorText(error, LINK_MESSAGES.logoutFailed) });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ["media-links", userId] }),
  });

  const connect = (label: string) => (
    <span className="tooltip media-link__tooltip" data-tooltip={LINK_MESSAGES.earlyAccess}>
      <a
        href={spotifyLoginUrl(userId)}
        className="button button--primary media-link__connect"
        aria-describedby="spotify-early-access"
        data-testid="spotify-connect"
      >
        {label}
      </a>
      <span id="spotify-early-access" className="visually-hidden">
        {LINK_MESSAGES.earlyAccess}
      </span>
    </span>
  );

  const data: SpotifyStatus | undefined = status.data;
  const state = !data ? (status.isError ? "failed" : "loading") : data.status;
  return (
    <LinkCard service="spotify" state={state} said={said} testId="spotify-link">
      {!data ? (
        status.isError ? (
          <LoadFailed what="your Spotify link" retry={() => void status.refetch()} />
        ) : (
          <p className="loading" role="status">
            reading your Spotify link...
          </p>
        )
      ) : data.status === "none" ? (
        <>
          <p className="media-link__text">your top tracks and artists, kept in sync once a day.</p>
          <div className="media-link__actions">{connect("connect spotify")}</div>
        </>
      ) : (
        <>
          {data.status === "disconnected" && (
            <p className="media-link__warning" data-testid="spotify-disconnected">
              graph can no longer read your Spotify: the access was removed at Spotify. connect again to keep your
              tracks and artists in sync; until then your profile shows them as they were.
            </p>
          )}
          <LinkFacts
            name={data.name}
            syncedAt={data.syncedAt}
            counts={`${counted(data.tracks, "track")}, ${counted(data.artists, "artist")}`}
          />
          <div className="media-link__actions">
            {data.status === "disconnected" && connect("reconnect spotify")}
            <button
              type="button"
              className="button button--outline"
              disabled={logout.isPending}
              onClick={() => logout.mutate()}
              data-testid="spotify-logout"
            >
              {logout.isPending ? "logging out..." : "log out of spotify"}
            </button>
          </div>
        </>
      )}
    </LinkCard>
  );
}

function YoutubeLink({ userId }: { userId: string }) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const [popup, setPopup] = useState<Window | null>(null);
  const status = useQuery({
    ...youtubeStatusQuery(userId),
    // While the sign-in popup is open the link may land at any moment.
    refetchInterval: popup ? POPUP_STATUS_MS : false,
  });
  const [said, setSaid] = useState<Said | null>(null);

  // The success page tells this window (and only a window of this site) that the link is made.
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin) return;
      if (event.data === YOUTUBE_AUTH_MESSAGE) {
        console.log(YOUTUBE_AUTH_MESSAGE);
        setSaid({ ok: true, text: "YouTube is connected: your subscriptions are in your channels." });
        void queryClient.invalidateQueries({ queryKey: youtubeStatusQuery(userId).queryKey });
        void queryClient.invalidateQueries({ queryKey: channelsQuery(userId).queryKey });
      } else if (event.data === YOUTUBE_AUTH_FAILED) {
        setSaid({ ok: false, text: "YouTube could not be connected. Please try again." });
      }
    };
    window.addEventListener("message", onMessage);
    return () => window.removeEventListener("message", onMessage);
  }, [queryClient, userId]);

  // A popup closed without a message (cancelled, failed, or its message missed): read the link once more.
  useEffect(() => {
    if (!popup) return;
    const timer = window.setInterval(() => {
      if (!popup.closed) return;
      setPopup(null);
      void queryClient.invalidateQueries({ queryKey: youtubeStatusQuery(userId).queryKey });
      void queryClient.invalidateQueries({ queryKey: channelsQuery(userId).queryKey });
    }, POPUP_CLOSED_MS);
    return () => window.clearInterval(timer);
  }, [popup, queryClient, userId]);

  const logout = useMutation({
    mutationFn: () => logoutYoutube(userId),
    onMutate: () => setSaid(null),
    onSuccess: () => setSaid({ ok: true, text: LINK_MESSAGES.youtubeLoggedOut }),
    onError: (error) => {
      console.error("youtube logout failed", error);
      setSaid({ ok: false, text: LINK_MESSAGES.logoutFailed });
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: youtubeStatusQuery(userId).queryKey });
      void queryClient.invalidateQueries({ queryKey: channelsQuery(userId).queryKey });
    },
  });

  const openPopup = () => {
    setSaid(null);
    const opened = window.open(youtubeLoginUrl(userId), YOUTUBE_POPUP.name, YOUTUBE_POPUP.features);
    if (!opened) {
      toast.alert(LINK_MESSAGES.popupBlocked);
      return;
    }
    setPopup(opened);
  };

  const connect = (label: string) => (
    <button
      type="button"
      className="button button--primary media-link__connect"
      onClick={openPopup}
      data-testid="youtube-connect"
    >
      {popup ? "waiting for youtube..." : label}
    </button>
  );

  const data: YoutubeStatus | undefined = status.data;
  const state = !data ? (status.isError ? "failed" : "loading") : data.status;
  return (
    <LinkCard service="youtube" state={state} said={said} testId="youtube-link">
      {!data ? (
        status.isError ? (
          <LoadFailed what="your YouTube link" retry={() => void status.refetch()} />
        ) : (
          <p className="loading" role="status">
            reading your YouTube link...
          </p>
        )
      ) : data.status === "none" ? (
        <>
          <p className="media-link__text">
            the channels you subscribe to. sign in opens in a small window; nothing is posted to YouTube.
          </p>
          <div className="media-link__actions">{connect("connect youtube")}</div>
        </>
      ) : (
        <>
          {data.status === "disconnected" && (
            <p className="media-link__warning" data-testid="youtube-disconnected">
              graph can no longer read your YouTube subscriptions: the access was removed at Google. connect again to
              keep your channels in sync.
            </p>
          )}
          <LinkFacts name={data.name} syncedAt={data.syncedAt} counts={counted(data.channels, "channel")} />
          <div className="media-link__actions">
            {data.status === "disconnected" && connect("reconnect youtube")}
            <button
              type="button"
              className="button button--outline"
              disabled={logout.isPending}
              onClick={() => logout.mutate()}
              data-testid="youtube-logout"
            >
              {logout.isPending ? "logging out..." : "log out of youtube"}
            </button>
          </div>
        </>
      )}
    </LinkCard>
  );
}
