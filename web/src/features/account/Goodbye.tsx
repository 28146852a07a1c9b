import { Link } from "react-router-dom";
import "./account.css";

/**
 * Where a deleted account ends: outside the guards, so signing out as it loads sends nobody on
 * to the log-in form (whose "welcome back." would greet someone who just left).
 */
export function GoodbyePage() {
  return (
    <section className="page page--center" aria-labelledby="goodbye-heading" data-testid="goodbye">
      <h1 id="goodbye-heading" className="page__title">
        goodbye.
      </h1>
      <p className="lede">
        your account and everything in it are deleted, and you are signed out everywhere. thank you for trying graph.
      </p>
      <div className="goodbye__actions">
        <Link to="/" className="button button--primary" data-testid="goodbye-home">
          back to the front page
        </Link>
        <Link to="/login?mode=signup" className="button button--ghost">
          start a new graph
        </Link>
      </div>
    </section>
  );
}
