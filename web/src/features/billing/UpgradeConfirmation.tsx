import { useQuery } from "@tanstack/react-query";
import { useSearchParams } from "react-router-dom";
import { PLAN_LIMITS } from "@graph/core/lib/plans/rules";
import { sessionQuery, useAuth } from "../../lib/session.tsx";
import { planChanges } from "./plan-rows.ts";
import "./upgrade-confirmation.css";

/** How often the session is read again while the payment provider's word of the upgrade is on its way. */
const CONFIRMING_POLL_MS = 2_000;

/**
 * Where checkout returns (`?upgraded=1`, on whatever page it names): says the upgrade went
 * through and what it changed, from the plan table. The plan is the session's: until the
 * provider's notice of the payment has arrived it reads free, and the session is read again
 * every few seconds until it does. "got it" takes the mark off the address.
 */
export function UpgradeConfirmation() {
  const [params, setParams] = useSearchParams();
  const returned = params.get("upgraded") === "1";
  const { isAuthenticated, plan } = useAuth();
  const confirming = returned && isAuthenticated && plan === "free";
  // Another reader of the session, reading it again while the upgrade is being confirmed.
  useQuery({ ...sessionQuery, enabled: confirming, refetchInterval: confirming ? CONFIRMING_POLL_MS : false });
  if (!returned || !isAuthenticated || !plan) return null;

  const dismiss = () =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete("upgraded");
        return next;
      },
      { replace: true },
    );

  return (
    <section
      className="upgrade-confirmation"
      aria-labelledby="upgrade-confirmation-heading"
      data-testid="upgrade-confirmation"
    >
      {/* Read out when the plan changes from free (confirming) to the new one. */}
      <div role="status" className="upgrade-confirmation__body">
        {plan === "free" ? (
          <p id="upgrade-confirmation-heading" className="upgrade-confirmation__title">
            thanks! confirming your upgrade with the payment provider…
          </p>
        ) : (
          <>
            <h2 id="upgrade-confirmation-heading" className="upgrade-confirmation__title">
              you&rsquo;re on {PLAN_LIMITS[plan].label} now. here&rsquo;s what changed:
            </h2>
            <ul className="upgrade-confirmation__changes" data-testid="upgrade-changes">
              {planChanges("free", plan).map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          </>
        )}
      </div>
      <button type="button" className="button button--ghost" onClick={dismiss} data-testid="upgrade-confirmation-close">
        got it
      </button>
    </section>
  );
}
