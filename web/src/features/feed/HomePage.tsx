import { Link, useSearchParams } from "react-router-dom";
import { FeedPanel } from "./FeedPanel.tsx";
import { FollowingPanel } from "./FollowingPanel.tsx";
import { FeedKeyboard } from "./keyboard-help.tsx";
import "./feed.css";

type HomeTab = "feed" | "following";

export function HomePage() {
  const [params] = useSearchParams();
  const tab: HomeTab = params.get("tab") === "following" ? "following" : "feed";

  return (
    <div className="page home">
      <h1 className="visually-hidden">home</h1>
      <nav className="home__tabs segmented" aria-label="home">
        <Link
          to="/home"
          className="segmented__option"
          aria-current={tab === "feed" ? "page" : undefined}
          data-testid="home-tab-feed"
        >
          feed
        </Link>
        <Link
          to="/home?tab=following"
          className="segmented__option"
          aria-current={tab === "following" ? "page" : undefined}
          data-testid="home-tab-following"
        >
          following
        </Link>
      </nav>
      <FeedKeyboard where={tab} />
      {tab === "feed" ? <FeedPanel /> : <FollowingPanel />}
    </div>
  );
}
