import { useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link, useNavigate } from "react-router-dom";
import { OVERLAP } from "@graph/core/workflows/overlap/rules";
import { useAuth } from "../../lib/session.tsx";
import { Modal } from "../../components/Modal.tsx";
import { truncateTitle } from "../../lib/titles.ts";
import {
  type FollowLists,
  type OverlapAnswer,
  follow,
  followListsQuery,
  followingFeedQuery,
  isFollowingQuery,
  overlapQuery,
  unfollow,
} from "./api.ts";
import { CHAT_PATH, chatWith } from "../chat/index.ts";
import { useToast } from "../../components/Toasts.tsx";
import { OFFLINE_REASON, useOnline } from "../../components/online.ts";
import "./following.css";

const followFailedText = (username: string) => `failed to follow ${username}. please try again`;
const unfollowFailedText = (username: string) => `failed to unfollow ${username}. please try again`;

/**
 * The public profile's buttons, by who is looking: an anonymous visitor is asked to log in;
 * the owner gets shortcuts to edit the profile and to see their follows; anyone else sees what
 * they share with the owner, can message them and follow or unfollow them.
 */
export function ProfileActions({ userId, username }: { userId: string; username: string }) {
  const auth = useAuth();
  if (auth.isLoading) return <div className="profile-actions" aria-busy="true" />;
  if (!auth.isAuthenticated || !auth.userId) return <AnonymousActions />;
  if (auth.userId === userId) return <OwnActions userId={userId} />;
  return <VisitorActions viewerId={auth.userId} userId={userId} username={username} />;
}

function AnonymousActions() {
  return (
    <div className="profile-actions" data-testid="profile-actions" data-viewer="anonymous">
      <Link to="/login" className="button button--outline" data-testid="overlap-login">
        log in to see mutual interests!
      </Link>
      <button type="button" className="button button--outline" disabled data-testid="message-button">
        please log in to message
      </button>
    </div>
  );
}

function OwnActions({ userId }: { userId: string }) {
  const [open, setOpen] = useState(false);
  return (
    <div className="profile-actions" data-testid="profile-actions" data-viewer="owner">
      <Link to="/home/tune?tab=profile" className="button button--outline" data-testid="edit-profile">
        edit your profile
      </Link>
      <button
        type="button"
        className="button button--outline"
        data-testid="see-following"
        onClick={() => setOpen(true)}
      >
        see following
      </button>
      <button type="button" className="button button--outline" disabled data-testid="message-button">
        this is your profile
      </button>
      <Modal open={open} onClose={() => setOpen(false)} title="following" testId="following-modal">
        {open && <FollowListsView userId={userId} />}
      </Modal>
    </div>
  );
}

function FollowListsView({ userId }: { userId: string }) {
  const lists = useQuery(followListsQuery(userId));
  if (lists.isPending) return <p role="status">loading...</p>;
  if (lists.isError) return <p role="alert">couldn't load your follows.</p>;
  return (
    <div className="follow-lists">
      <PeopleList title={`followers (${lists.data.followerCount})`} people={lists.data.followers} testId="followers" />
      <PeopleList title={`following (${lists.data.followingCount})`} people={lists.data.following} testId="following" />
    </div>
  );
}

function PeopleList({ title, people, testId }: { title: string; people: FollowLists["followers"]; testId: string }) {
  return (
    <section className="follow-lists__column" data-testid={`${testId}-list`}>
      <h3 className="follow-lists__title">{title}</h3>
      {people.length === 0 ? (
        <p className="fine-print">nobody yet</p>
      ) : (
        <ul className="follow-lists__people">
          {people.map((person) => (
            <li key={person.id}>
              <Link to={`/${encodeURIComponent(person.username)}`} className="text-link">
                {person.username}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function VisitorActions({ viewerId, userId, username }: { viewerId: string; userId: string; username: string }) {
  const navigate = useNavigate();
  return (
    <div className="profile-actions" data-testid="profile-actions" data-viewer="visitor">
      <MutualInterests viewerId={viewerId} userId={userId} />
      <button
        type="button"
        className="button button--outline"
        data-testid="message-button"
        onClick={() => void navigate(CHAT_PATH, { state: chatWith({ id: userId, username }) })}
      >
        message
      </button>
      <FollowToggle viewerId={viewerId} userId={userId} username={username} />
    </div>
  );
}

function MutualInterests({ viewerId, userId }: { viewerId: string; userId: string }) {
  const [open, setOpen] = useState(false);
  const overlap = useQuery(overlapQuery(viewerId, userId));
  if (overlap.isPending) {
    return (
      <span className="overlap-summary" role="status">
        comparing interests...
      </span>
    );
  }
  if (overlap.isError) return null; // only logged, as other profile failures
  const { count, compatibility } = overlap.data;
  return (
    <div className="overlap-summary" data-testid="overlap-summary">
      <button
        type="button"
        className="button button--outline"
        data-testid="overlap-count"
        onClick={() => setOpen(true)}
      >
        {count} mutual interest{count === 1 ? "" : "s"}
      </button>
      <p className="overlap-summary__score" data-testid="compatibility-score">
        <strong>{compatibility.score}</strong>/100 compatible
        {compatibility.top.length > 0 && (
          <>
            {" "}
            · most in common:{" "}
            <span data-testid="compatibility-top">
              {compatibility.top.map((item) => truncateTitle(item.label, OVERLAP.titleMax)).join(", ")}
            </span>
          </>
        )}
      </p>
      <Modal open={open} onClose={() => setOpen(false)} title="mutual interests" testId="overlap-modal">
        <OverlapLists data={overlap.data} />
      </Modal>
    </div>
  );
}

function OverlapLists({ data }: { data: OverlapAnswer }) {
  if (data.count === 0) return <p className="fine-print">nothing in common yet.</p>;
  return (
    <div className="follow-lists">
      {data.topics.length > 0 && (
        <section className="follow-lists__column">
          <h3 className="follow-lists__title">topics</h3>
          <ul className="chips chips--small">
            {data.topics.map((t) => (
              <li key={t.id} className="chip">
                {t.topic}
              </li>
            ))}
          </ul>
        </section>
      )}
      <ShelfList title="books" items={data.books} testId="overlap-books" />
      <ShelfList title="films" items={data.movies} testId="overlap-movies" />
      <ShelfList title="tracks" items={data.tracks} testId="overlap-tracks" />
      <ShelfList title="artists" items={data.artists} testId="overlap-artists" />
      <ShelfList title="videos" items={data.videos} testId="overlap-videos" />
      <ShelfList title="youtube channels" items={data.channels} testId="overlap-channels" />
      {data.articles.length > 0 && (
        <section className="follow-lists__column">
          <h3 className="follow-lists__title">articles</h3>
          <ul className="follow-lists__people">
            {data.articles.map((a) => (
              <li key={a.id}>
                <a href={a.link} target="_blank" rel="noopener noreferrer" className="text-link" title={a.title}>
                  {truncateTitle(a.title, OVERLAP.titleMax)}
                </a>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

/** Shared books, films, tracks, artists, videos or channels by title (cut at the overlap length; the whole title on hover). */
function ShelfList({ title, items, testId }: { title: string; items: OverlapAnswer["books"]; testId: string }) {
  if (items.length === 0) return null;
  return (
    <section className="follow-lists__column" data-testid={testId}>
      <h3 className="follow-lists__title">{title}</h3>
      <ul className="follow-lists__people">
        {items.map((item) => (
          <li key={item.id} title={item.title}>
            {truncateTitle(item.title, OVERLAP.titleMax)}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Follow or unfollow: flips at once, flips back if the server refuses. */
/** Follows or unfollows; an unfollow can be undone for a few seconds, and a failure says so. */
function FollowToggle({ viewerId, userId, username }: { viewerId: string; userId: string; username: string }) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const online = useOnline();
  const isFollowing = isFollowingQuery(viewerId, userId);
  const key = isFollowing.queryKey;
  const state = useQuery(isFollowing);
  const changed = (result: { isFollowing: boolean }) => {
    queryClient.setQueryData(key, { isFollowing: result.isFollowing });
    // The following tab and the lists change with a follow.
    void queryClient.invalidateQueries({ queryKey: followingFeedQuery(viewerId).queryKey });
    void queryClient.invalidateQueries({ queryKey: followListsQuery(viewerId).queryKey });
  };
  const mutation = useMutation({
    mutationFn: async (wanted: boolean): Promise<{ isFollowing: boolean }> =>
      wanted ? follow(userId) : unfollow(userId),
    onMutate: async (wanted) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData(key);
      queryClient.setQueryData(key, { isFollowing: wanted });
      return { previous };
    },
    onError: (error, wanted, context) => {
      console.error("follow change failed", error);
      queryClient.setQueryData(key, context?.previous);
      toast.alert(wanted ? followFailedText(username) : unfollowFailedText(username));
    },
    onSuccess: (result, wanted) => {
      changed(result);
      if (!wanted) {
        toast.undoable(`unfollowed ${username}`, {
          run: async () => changed(await follow(userId)),
          failed: followFailedText(username),
        });
      }
    },
  });
  const following = state.data?.isFollowing ?? false;
  return (
    <button
      type="button"
      className={`button ${following ? "button--outline" : "button--primary"}`}
      aria-pressed={following}
      disabled={state.isPending || !online}
      title={online ? undefined : OFFLINE_REASON}
      data-testid="follow-toggle"
      onClick={() => {
        if (!mutation.isPending) mutation.mutate(!following);
      }}
    >
      {following ? "unfollow" : "follow"}
    </button>
  );
}
