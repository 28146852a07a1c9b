import { useEffect, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { Navigate, useParams } from "react-router-dom";
import { ApiError } from "../../../lib/api.ts";
import { publicProfileQuery, type PublicProfile } from "../api.ts";
import { isReservedPath } from "@graph/core/modules/users/rules";
import { NotFoundPage } from "../../../components/NotFound.tsx";
import { AboutMe } from "./AboutMe.tsx";
import { PhotoGrid } from "./PhotoGrid.tsx";
import { ProfileActions } from "../../following/index.ts";
import { ProfileSectionView, type Focus } from "./ProfileSectionView.tsx";
import { sectionItems } from "./profile-items.ts";
import { Stars } from "./Stars.tsx";
import { NARROW_SCREEN, useMediaQuery } from "../../../hooks/use-media-query.ts";
import "./profile.css";

/** `/:username` — a public profile, unless the word is reserved. */
export function UsernameProfilePage() {
  const { username = "" } = useParams();
  if (username === "" || isReservedPath(username)) return <NotFoundPage />;
  return <ProfilePage username={username} />;
}

/** `/profile/{username}` — the same page, public, outside the guards. */
export function ProfilePathPage() {
  const params = useParams();
  const rest = (params["*"] ?? "").replace(/\/+$/, "");
  if (rest === "" || rest.includes("/")) return <NotFoundPage />;
  return <ProfilePage username={rest} />;
}

function ProfilePage({ username }: { username: string }) {
  const profile = useQuery(publicProfileQuery(username));
  if (profile.isPending) {
    return (
      <div className="loading" role="status" aria-live="polite" data-testid="profile-loading">
        loading...
      </div>
    );
  }
  if (profile.isError) {
    if (profile.error instanceof ApiError && profile.error.status === 404) return <NotFoundPage />;
    return (
      <div className="page tune-error" role="alert" data-testid="profile-error">
        <p>couldn't load this profile.</p>
        <button type="button" className="button button--outline" onClick={() => void profile.refetch()}>
          try again
        </button>
      </div>
    );
  }
  // An old name still reserved for its owner: go to their current name.
  if (profile.data.username.toLowerCase() !== username.toLowerCase()) {
    return <Navigate to={`/${profile.data.username}`} replace />;
  }
  return <ProfileView profile={profile.data} />;
}

function ProfileView({ profile }: { profile: PublicProfile }) {
  const narrow = useMediaQuery(NARROW_SCREEN);
  const [hovered, setHovered] = useState<Focus | null>(null);
  const [locked, setLocked] = useState<Focus | null>(null);

  useEffect(() => {
    const before = document.title;
    document.title = `${profile.username} on graph`;
    return () => {
      document.title = before;
    };
  }, [profile.username]);

  const sections = profile.sectionOrder.filter((s) => s.visible).map((s) => s.id);
  const shown = hovered ?? locked;

  return (
    <div className="page profile" data-testid="profile-page" data-username={profile.username}>
      <header className="profile__header">
        <div>
          <h1 className="page__title" data-testid="profile-username">
            {profile.username}
          </h1>
          {profile.likeCount !== null && (
            <p className="profile__count">
              <span data-testid="profile-node-count">
                {profile.likeCount} node{profile.likeCount === 1 ? "" : "s"}
              </span>
              {/* "node" is graph's word: said where the count shows. */}
              <span data-testid="node-explained"> — articles added to this graph</span>
            </p>
          )}
        </div>
        <div className="profile__actions">
          <ProfileActions userId={profile.userId} username={profile.username} />
        </div>
      </header>

      <PhotoGrid images={profile.images} username={profile.username} />

      <div className="profile__sections" data-testid="profile-sections">
        {sections.map((section) => {
          if (section === "aboutMe") {
            return profile.aboutMe ? <AboutMe key={section} about={profile.aboutMe} /> : null;
          }
          const items = sectionItems(profile, section, narrow);
          // Empty sections (media with no data yet, nothing added) are left out.
          if (items.length === 0) return null;
          return (
            <ProfileSectionView
              key={section}
              section={section}
              items={items}
              locked={locked}
              onHover={setHovered}
              onLock={setLocked}
            />
          );
        })}
      </div>

      <footer className="profile__footer" aria-live="polite" data-testid="profile-footer">
        {shown ? (
          <div className="profile__footer-item" data-locked={locked !== null && shown === locked ? true : undefined}>
            <p className="profile__footer-title">
              {shown.item.href ? (
                <a href={shown.item.href} className="text-link" target="_blank" rel="noopener noreferrer nofollow">
                  {shown.item.full}
                </a>
              ) : (
                shown.item.full
              )}
            </p>
            {shown.item.detail ? <p className="profile__footer-detail">{shown.item.detail}</p> : null}
            {shown.item.rating !== undefined ? <Stars rating={shown.item.rating} testId="footer-stars" /> : null}
            {shown.item.note ? (
              <p className="profile__footer-detail profile__footer-note" data-testid="footer-note">
                {shown.item.note}
              </p>
            ) : null}
          </div>
        ) : (
          <p className="fine-print" data-testid="footer-hint">
            {/* A touch screen has no hover: each screen reads only the hint it can follow (profile.css). */}
            <span className="profile__hint profile__hint--hover">
              hover over anything to see more; click to keep it here.
            </span>
            <span className="profile__hint profile__hint--touch">tap anything to see more here.</span>
          </p>
        )}
      </footer>
    </div>
  );
}
