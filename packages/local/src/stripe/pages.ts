import { escapeHtml as esc } from "@graph/core/lib/util";
import type { StripeCheckoutSession, StripePortalSession, StripeSubscription } from "./state.ts";

export interface PriceInfo {
  name: string;
  /** Cents a month. */
  unitAmount: number;
}

const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;
const day = (secondsSinceEpoch: number) =>
  new Date(secondsSinceEpoch * 1000).toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric" });

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${esc(title)}</title><style>
*{box-sizing:border-box}body{margin:0;font:16px/1.5 system-ui,-apple-system,sans-serif;color:#1a1f36;background:#f6f9fc}
main{max-width:440px;margin:48px auto;padding:32px;background:#fff;border-radius:12px;box-shadow:0 4px 24px rgba(50,50,93,.12)}
.badge{display:inline-block;font-size:12px;font-weight:600;letter-spacing:.04em;text-transform:uppercase;color:#8a4b00;background:#fff4de;border-radius:4px;padding:2px 8px;margin-bottom:16px}
h1{font-size:20px;margin:0 0 4px}.price{font-size:32px;font-weight:700;margin:8px 0 24px}.price small{font-size:15px;font-weight:400;color:#697386}
label{display:block;font-size:14px;font-weight:600;margin:16px 0 6px}input{width:100%;font:inherit;padding:10px 12px;border:1px solid #c9d1dc;border-radius:6px}
input:focus{outline:2px solid #635bff;outline-offset:1px}.row{display:flex;gap:12px}.row>div{flex:1}
button{width:100%;font:inherit;font-weight:600;margin-top:24px;padding:12px;border:0;border-radius:6px;background:#635bff;color:#fff;cursor:pointer}
button:hover{background:#4f46e5}button.secondary{background:#fff;color:#1a1f36;border:1px solid #c9d1dc}button.danger{background:#c0123c}
.error{margin-top:16px;padding:10px 12px;border-radius:6px;background:#fde8ec;color:#a10e30;font-size:14px}
.note{font-size:13px;color:#697386;margin-top:16px}.back{display:inline-block;margin-top:20px;color:#635bff;text-decoration:none}
dl{display:grid;grid-template-columns:auto 1fr;gap:6px 16px;margin:16px 0}dt{color:#697386}dd{margin:0;font-weight:600}
form{margin:0}.local{margin-top:28px;padding-top:4px;border-top:1px dashed #c9d1dc}.local button{margin-top:12px}
</style></head><body><main>${body}</main></body></html>`;
}

export function checkoutPage(
  session: StripeCheckoutSession,
  price: PriceInfo,
  email: string | null,
  error?: string,
): string {
  if (session.status === "expired") {
    return page(
      "Checkout expired",
      `<h1>This checkout has expired</h1><p>${esc(error ?? "It can no longer be paid.")}</p>${session.cancel_url ? `<a class="back" href="${esc(session.cancel_url)}">return to graph</a>` : ""}`,
    );
  }
  if (session.status === "complete") {
    return page(
      "Payment complete",
      `<h1>Payment complete</h1><p>You're subscribed to ${esc(price.name)}.</p><a class="back" href="${esc(session.success_url)}">return to graph</a>`,
    );
  }
  return page(
    `Subscribe to ${price.name}`,
    `<span class="badge">test mode · local</span>
<h1>Subscribe to ${esc(price.name)}</h1>
<p class="price">${money(price.unitAmount)} <small>per month</small></p>
<form method="post" action="/checkout/${esc(session.id)}/pay">
<label for="email">Email</label><input id="email" name="email" type="email" value="${esc(email ?? "")}" readonly>
<label for="card">Card number</label><input id="card" name="card" inputmode="numeric" autocomplete="cc-number" placeholder="1234 1234 1234 1234" required>
<div class="row"><div><label for="expiry">Expiry</label><input id="expiry" name="expiry" placeholder="MM / YY" autocomplete="cc-exp"></div>
<div><label for="cvc">CVC</label><input id="cvc" name="cvc" placeholder="CVC" autocomplete="cc-csc"></div></div>
${error ? `<div class="error" role="alert">${esc(error)}</div>` : ""}
<button type="submit">Subscribe</button>
</form>
<p class="note">Test cards: 4242 4242 4242 4242 pays; 4000 0000 0000 0002 is declined.</p>
${session.cancel_url ? `<a class="back" href="${esc(session.cancel_url)}">← back</a>` : ""}`,
  );
}

export function portalPage(
  session: StripePortalSession,
  price: PriceInfo,
  subscriptions: StripeSubscription[],
): string {
  const live = subscriptions.filter((s) => s.status !== "canceled");
  const rows = live.map((s) => {
    const item = s.items.data[0]!;
    const state =
      s.status === "past_due"
        ? "payment failed: retrying"
        : s.cancel_at_period_end
          ? `cancels on ${day(item.current_period_end)}`
          : `renews on ${day(item.current_period_end)}`;
    const action = (name: string, label: string, cls = "") =>
      `<form method="post" action="/portal/${esc(session.id)}/${esc(s.id)}/${name}"><button type="submit" class="${cls}">${label}</button></form>`;
    return `<dl><dt>Plan</dt><dd>${esc(price.name)} · ${money(price.unitAmount)} per month</dd><dt>Status</dt><dd>${esc(state)}</dd></dl>
${s.cancel_at_period_end ? action("resume", "Resume subscription") : action("cancel", "Cancel subscription", "danger")}
<div class="local"><p class="note">Local stand-in only: make time pass.</p>
${action("end_period", s.cancel_at_period_end || s.status === "past_due" ? "End the period now" : "Renew now (end the period)", "secondary")}
${s.status === "active" ? action("fail_payment", "Fail the next payment", "secondary") : ""}</div>`;
  });
  return page(
    "Billing",
    `<span class="badge">test mode · local</span><h1>Your subscription</h1>
${rows.length ? rows.join("") : "<p>No active subscription.</p>"}
${session.return_url ? `<a class="back" href="${esc(session.return_url)}">← return to graph</a>` : ""}`,
  );
}
