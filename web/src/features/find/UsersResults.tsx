import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router-dom";
import { usersSearchQuery } from "./api.ts";
import { type UserSearchResult, findView, highlightName, profilePath, userInitial } from "./find.ts";
import { FindEmpty, FindError, FindStatus, Highlighted } from "./FindStatus.tsx";
import "./find.css";

interface UsersResultsProps {
  term: string | null;
  text: string;
  pending: boolean;
}

export function UsersResults({ term, text, pending }: UsersResultsProps) {
  const query = useQuery(usersSearchQuery(term));

  const people = term === null ? [] : (query.data ?? []);
  const stale = query.isPlaceholderData;
  const view = findView({
    term,
    text,
    pending,
    isError: query.isError,
    isWaiting: query.isPending || stale,
    count: people.length,
  });
  const busy = term !== null && (pending || query.isFetching);

  return (
    <>
      <FindStatus type="users" view={view} busy={busy} />
      {view.kind === "error" && <FindError onRetry={() => void query.refetch()} />}
      {view.kind === "empty" && <FindEmpty term={view.term} />}
      {view.kind === "results" && (
        <ul
          className={`user-results${busy ? " is-stale" : ""}`}
          data-testid="find-results"
          aria-busy={busy}
          aria-label="people found"
        >
          {people.map((person) => (
            <li key={person.id} className="user-results__item">
              <UserResult person={person} term={stale ? null : term} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

function UserResult({ person, term }: { person: UserSearchResult; term: string | null }) {
  return (
    <Link
      to={profilePath(person.username)}
      className="user-result"
      data-testid="user-result"
      data-username={person.username}
    >
      <Avatar person={person} />
      <span className="user-result__name">
        <Highlighted parts={highlightName(person.username, term)} />
      </span>
      <span className="user-result__go" aria-hidden="true">
        →
      </span>
    </Link>
  );
}

function Avatar({ person }: { person: UserSearchResult }) {
  const [failed, setFailed] = useState(false);
  const src = person.image_url && !failed ? person.image_url : null;
  return (
    <span className="find-avatar" aria-hidden="true">
      {src ? (
        <img
          className="find-avatar__image"
          src={src}
          alt=""
          width={40}
          height={40}
          loading="lazy"
          decoding="async"
          referrerPolicy="no-referrer"
          onError={() => setFailed(true)}
        />
      ) : (
        <span className="find-avatar__initial">{userInitial(person.username)}</span>
      )}
    </span>
  );
}
