import { useEffect } from "react";
import { Link, useNavigate, useSearchParams } from "react-router-dom";
import { YOUTUBE_AUTH_FAILED, YOUTUBE_AUTH_MESSAGE } from "./links.ts";

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
