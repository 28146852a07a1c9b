import { useEffect, useRef, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router-dom";
import { UNSUBSCRIBE_MESSAGES } from "@graph/core/modules/digest/rules";
import { ApiError } from "../../lib/api.ts";
import { unsubscribe } from "./api.ts";

type State = "working" | "invalid" | "failed";

/**
 * `/unsubscribe?token=…` — where a digest's unsubscribe link lands: one click turns the digest
 * off (no sign-in; the signed token is the authority), then `/unsubscribe-success`. The change is
 * a POST made by this page, so a mail scanner that only fetches the link changes nothing.
 */
export function UnsubscribePage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get("token") ?? "";
  const [posted, setPosted] = useState<State>("working");
  // A link without a token is refused without asking.
  const state: State = token === "" ? "invalid" : posted;
  const [attempt, setAttempt] = useState(0);
  const started = useRef(-1);

  useEffect(() => {
    // Once per attempt (React's development double effect must not post twice).
    if (started.current === attempt) return;
    started.current = attempt;
    if (token === "") return;
    unsubscribe(token)
      .then(() => navigate("/unsubscribe-success", { replace: true }))
      .catch((error: unknown) => setPosted(error instanceof ApiError && error.status === 400 ? "invalid" : "failed"));
  }, [token, attempt, navigate]);

  return (
    <section className="page page--center" aria-labelledby="unsubscribe-heading" aria-live="polite">
      <h1 id="unsubscribe-heading" className="page__title">
        {state === "working" ? "unsubscribing..." : "couldn't unsubscribe"}
      </h1>
      {state === "invalid" && (
        <p className="lede" data-testid="unsubscribe-problem">
          {UNSUBSCRIBE_MESSAGES.invalid}
        </p>
      )}
      {state === "failed" && (
        <>
          <p className="lede" data-testid="unsubscribe-problem">
            something went wrong. please try again.
          </p>
          <button
            type="button"
            className="button button--primary"
            onClick={() => {
              setPosted("working");
              setAttempt((n) => n + 1);
            }}
          >
            try again
          </button>
        </>
      )}
      {state !== "working" && (
        <Link to="/home/tune?tab=feed" className="button button--outline">
          open settings
        </Link>
      )}
    </section>
  );
}
