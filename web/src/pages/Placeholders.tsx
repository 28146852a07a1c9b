import { Link, useParams } from "react-router-dom";
import { Placeholder } from "../components/ComingSoon.tsx";
import { isReservedPath } from "../routes/reserved.ts";
import { NotFoundPage } from "./Simple.tsx";

export function ChatPage() {
  return (
    <Placeholder name="chat">
      <p>direct and group messages.</p>
    </Placeholder>
  );
}

export function UpgradePage() {
  return (
    <Placeholder name="upgrade">
      <p>
        free, pro and org plans. until then, <Link to="/home/feedback">tell us</Link> what you'd pay for.
      </p>
    </Placeholder>
  );
}

function ProfilePlaceholder({ username }: { username: string }) {
  return (
    <section className="page page--narrow placeholder" data-testid="profile-placeholder">
      <p className="eyebrow">profile</p>
      <h1 className="page__title">{username}</h1>
      <p className="lede">coming soon.</p>
      <p className="prose">public profiles — books, films, videos, tracks, thoughts and photos — are on the way.</p>
      <p>
        <Link to="/" className="text-link">
          back to home
        </Link>
      </p>
    </section>
  );
}

/** `/:username` — a profile unless the word is reserved. */
export function UsernameRoute() {
  const { username = "" } = useParams();
  if (username === "" || isReservedPath(username)) return <NotFoundPage />;
  return <ProfilePlaceholder username={username} />;
}

/** `/profile/*` — public, outside the guards. */
export function ProfileRoute() {
  const params = useParams();
  const rest = (params["*"] ?? "").replace(/\/+$/, "");
  if (rest === "" || rest.includes("/")) return <NotFoundPage />;
  return <ProfilePlaceholder username={rest} />;
}
