/**
 * Billing's rules and messages: constants only (no I/O), shared by the server, which enforces
 * them, and the plans page, which shows them.
 */
import { PLAN_LIMITS } from "../../lib/plans/rules.ts";

/** The spec's message when checkout is asked for without a session (section 8). */
export const NO_SESSION = "User session not found. Please log in again.";

/** The fewest seats an org request may ask for (the plan table's org seats). */
export const ORG_SEATS_MIN = PLAN_LIMITS.team.seats.min;
/** More seats than this are not a plausible request from the form. */
export const ORG_SEATS_MAX = 10_000;
export const ORG_NAME_MAX = 200;
export const ORG_MESSAGE_MAX = 5000;
/** Org requests a person may send per hour (each mails the team). */
export const ORG_REQUESTS_PER_HOUR = 3;

export const MESSAGES = {
  seats: `An org needs at least ${ORG_SEATS_MIN} seats.`,
  seatsTooMany: `Ask for at most ${ORG_SEATS_MAX} seats here; write to us for more.`,
  organisationMissing: "Name your organisation.",
  organisationTooLong: `The organisation's name must be at most ${ORG_NAME_MAX} characters.`,
  messageTooLong: `The message must be at most ${ORG_MESSAGE_MAX} characters.`,
  orgSent: "thanks! we'll e-mail you about your org plan.",
  tooManyOrgRequests: (wait: string) => `You've sent several org requests already. Try again in ${wait}.`,
  notYours: "You can only manage your own plan.",
  alreadyPro: "You're already on the pro plan: manage it in the billing portal.",
  noCustomer: "There is no subscription to manage yet: upgrade first.",
  notConfigured: "Billing is not configured.",
  badSignature: "The webhook signature is missing or does not match.",
} as const;

/**
 * Subscription statuses that keep pro. past_due keeps it while Stripe retries the payment (its
 * retry schedule ends in canceled or unpaid, which end pro): a failed renewal is usually a card
 * that expired, and the person keeps what they paid for while they fix it.
 */
export const PRO_STATUSES: readonly string[] = ["active", "trialing", "past_due"];

/**
 * Whether a subscription's state gives pro at `now`. Cancelling at period end keeps pro until
 * the period ends (Stripe then ends the subscription and says so; the end is checked here too,
 * so a late or lost event does not keep pro).
 */
export function grantsPro(
  state: { status: string; cancelAtPeriodEnd: boolean; currentPeriodEnd?: number },
  now = Date.now(),
) {
  if (!PRO_STATUSES.includes(state.status)) return false;
  if (state.cancelAtPeriodEnd && state.currentPeriodEnd !== undefined && state.currentPeriodEnd * 1000 <= now)
    return false;
  return true;
}
