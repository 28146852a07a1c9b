import { Link, useSearchParams } from "react-router-dom";
import { FeedPanel } from "./FeedPanel.tsx";

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
      {tab === "feed" ? <FeedPanel /> : <FollowingPanel />}
    </div>
  );
}

/** Friends' sessions arrive in a later release. */
function FollowingPanel() {
  return (
    <section className="following-soon" data-testid="following-soon" aria-labelledby="following-heading">
      <h2 id="following-heading" className="following-soon__title">
        friends' activity
      </h2>
      <p className="lede">coming soon...</p>
      <p className="fine-print">your friends' feed sessions, with the picks they kept, will show up here.</p>
    </section>
  );
}
