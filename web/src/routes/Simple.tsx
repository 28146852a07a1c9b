import { useEffect } from "react";
import { Link, useNavigate } from "react-router-dom";

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

export function UnsubscribeSuccessPage() {
  const navigate = useNavigate();
  return (
    <section className="page page--center" aria-labelledby="unsubscribed-heading">
      <h1 id="unsubscribed-heading" className="page__title">
        you're unsubscribed.
      </h1>
      <p className="lede">you won't get these e-mails any more. you can turn them back on in settings at any time.</p>
      <button type="button" className="button button--primary" onClick={() => navigate("/")} data-testid="go-home">
        go back home
      </button>
    </section>
  );
}

export const YOUTUBE_AUTH_MESSAGE = "youtube-auth-success";

export function YoutubeAuthSuccessPage() {
  const navigate = useNavigate();
  useEffect(() => {
    const opener = window.opener as Window | null;
    if (opener && !opener.closed) {
      opener.postMessage(YOUTUBE_AUTH_MESSAGE, window.location.origin);
      window.close();
    } else {
      navigate("/home", { replace: true });
    }
  }, [navigate]);
  return (
    <section className="page page--center">
      <p className="lede" role="status">
        youtube connected. you can close this window.
      </p>
    </section>
  );
}

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
