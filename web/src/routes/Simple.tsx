import { useEffect } from "react";
import { Link, useNavigate, useSearchParams } from "react-router-dom";
import { YOUTUBE_AUTH_FAILED, YOUTUBE_AUTH_MESSAGE } from "../features/media-links/links.ts";

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

/**
 * Where YouTube's sign-in popup ends. Linked: it tells the window that opened it (only if that
 * window is on this site) and closes; opened on its own it goes to /home. Failed (`?error=1`):
 * it says so, tells the opener too, and stays open until closed.
 */
export function YoutubeAuthSuccessPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const failed = params.get("error") !== null;
  const opener = window.opener as Window | null;
  const hasOpener = opener !== null && !opener.closed;
  useEffect(() => {
    const opened = window.opener as Window | null;
    if (opened && !opened.closed) {
      // The target is this site's origin: a page elsewhere that opened this one hears nothing.
      opened.postMessage(failed ? YOUTUBE_AUTH_FAILED : YOUTUBE_AUTH_MESSAGE, window.location.origin);
      if (!failed) window.close();
    } else if (!failed) {
      navigate("/home", { replace: true });
    }
  }, [failed, navigate]);
  if (!failed) {
    return (
      <section className="page page--center">
        <p className="lede" role="status" data-testid="youtube-auth-done">
          youtube connected. you can close this window.
        </p>
      </section>
    );
  }
  return (
    <section className="page page--center" aria-labelledby="youtube-failed-heading">
      <h1 id="youtube-failed-heading" className="page__title">
        youtube was not connected
      </h1>
      <p className="lede" role="alert" data-testid="youtube-auth-failed">
        connecting your YouTube account failed. please try again.
      </p>
      {hasOpener ? (
        <button type="button" className="button button--outline" onClick={() => window.close()}>
          close this window
        </button>
      ) : (
        <Link to="/home/tune?tab=media-links" className="button button--outline">
          back to media links
        </Link>
      )}
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
