import { Link } from "react-router-dom";

/** What an address that leads nowhere shows: the router's last route, and a profile that does not exist. */
export function NotFoundPage() {
  return (
    <section className="page page--center" aria-labelledby="not-found-heading" data-testid="not-found">
      <h1 id="not-found-heading" className="page__title">
        404 Not Found
      </h1>
      <p className="lede">there's nothing at this address.</p>
      <Link to="/" className="button button--outline" data-testid="back-to-home">
        back to home
      </Link>
    </section>
  );
}
