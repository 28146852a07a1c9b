import { useState } from "react";
import { NO_SESSION } from "@graph/core/modules/billing/rules";
import { PLAN_LIMITS, type Plan } from "@graph/core/lib/plans/rules";
import { useAuth } from "../../lib/session.tsx";
import { ApiError } from "../../lib/api.ts";
import { createCheckoutSession, createPortalSession } from "./api.ts";
import { failureText } from "./failure-text.ts";
import { OrgRequestForm } from "./OrgRequestForm.tsx";
import { PLAN_COLUMNS, planRows, priceText } from "./plan-rows.ts";
import { SubscriptionNote } from "./SubscriptionNote.tsx";
import { useToast } from "../../components/Toasts.tsx";
import "./upgrade.css";

export function UpgradePage() {
  const { userId, email, plan } = useAuth();
  const [busy, setBusy] = useState<"checkout" | "portal" | null>(null);
  const [error, setError] = useState<string | null>(null);
  const toast = useToast();

  /** Off to Stripe's page for this person; without a session there is no one to bill. */
  const go = async (kind: "checkout" | "portal") => {
    if (!userId) {
      toast.alert(NO_SESSION);
      return;
    }
    setBusy(kind);
    setError(null);
    try {
      const { url } =
        kind === "checkout" ? await createCheckoutSession(userId, email ?? "") : await createPortalSession(userId);
      window.location.assign(url);
    } catch (cause) {
      if (cause instanceof ApiError && cause.status === 401) toast.alert(NO_SESSION);
      else setError(failureText(cause));
      setBusy(null);
    }
  };

  const action = (column: Plan) => {
    if (column === "pro" && plan === "free") {
      return (
        <button
          type="button"
          className="button button--primary button--block"
          onClick={() => void go("checkout")}
          disabled={busy !== null}
          data-testid="checkout"
        >
          {busy === "checkout" ? "opening checkout..." : "upgrade to pro"}
        </button>
      );
    }
    if (column === "pro" && plan === "pro") {
      return (
        <>
          {userId && <SubscriptionNote userId={userId} />}
          <button
            type="button"
            className="button button--outline button--block"
            onClick={() => void go("portal")}
            disabled={busy !== null}
            data-testid="billing-portal"
          >
            {busy === "portal" ? "opening billing..." : "manage billing"}
          </button>
        </>
      );
    }
    if (column === "team" && plan !== "team") {
      return (
        <a className="button button--outline button--block" href="#org-request" data-testid="org-request-link">
          request org
        </a>
      );
    }
    return null;
  };

  return (
    <div className="page upgrade">
      <section>
        <p className="eyebrow">upgrade</p>
        <h1 className="page__title">pick your plan.</h1>
        <p className="lede">
          more refreshes, more posts and a longer memory. pro is billed monthly by card; org is set up with us by
          e-mail.
        </p>
      </section>
      {error && (
        <p className="form-message form-message--error" role="alert" data-testid="upgrade-error">
          {error}
        </p>
      )}
      <ul className="plans" aria-label="plans">
        {PLAN_COLUMNS.map((column) => {
          const current = column === plan;
          return (
            <li
              key={column}
              className={`plan${current ? " plan--current" : ""}`}
              aria-current={current ? "true" : undefined}
              data-testid={`plan-${column}`}
            >
              <div className="plan__head">
                <h2 className="plan__name">{PLAN_LIMITS[column].label}</h2>
                {current && (
                  <span className="plan__badge" data-testid="current-plan">
                    your plan
                  </span>
                )}
              </div>
              <p className="plan__price">{priceText(column)}</p>
              <ul className="plan__rows">
                {planRows(column).map((row) => (
                  <li key={row}>{row}</li>
                ))}
              </ul>
              <div className="plan__action">{action(column)}</div>
            </li>
          );
        })}
      </ul>
      {plan !== "team" && <OrgRequestForm />}
    </div>
  );
}
