import { Link } from "react-router-dom";

/** `/home/coming-soon`: where the menu's not-yet-built pages lead. */
export function ComingSoonPage() {
  return (
    <section className="page page--center" aria-labelledby="coming-soon-heading">
      <h1 id="coming-soon-heading" className="page__title">
        coming soon...
      </h1>
      <Link to="/home" className="button button--outline" data-testid="back-to-home">
        back to home
      </Link>
    </section>
  );
}
