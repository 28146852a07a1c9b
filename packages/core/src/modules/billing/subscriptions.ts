import type Stripe from "stripe";
import { isConditionFailure } from "../../adapters/dynamo/index.ts";
import { UnavailableError } from "../../lib/errors/index.ts";
import * as Users from "../users/index.ts";
import { ownerFor } from "./customers.ts";
import { PaidSubscriptionEntity } from "./paid-subscription.entity.ts";
import { acceptsEventsFor } from "./purge.ts";
import { grantsPro } from "./rules.ts";
import { stripe } from "../../adapters/stripe/index.ts";
import { SubscriptionEntity, type Subscription } from "./subscription.entity.ts";
import { log, personHash } from "../../lib/observability/index.ts";

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === "string" ? value : (value?.id ?? undefined);

/** The end of the subscription's paid period (seconds): its items' latest period end. */
function periodEnd(subscription: Stripe.Subscription): number | undefined {
  const ends = subscription.items.data.map((item) => item.current_period_end).filter((n) => typeof n === "number");
  return ends.length ? Math.max(...ends) : undefined;
}

/** Attempts at claiming the paid place that keep losing races before the event is left to Stripe's retry. */
const CLAIM_ATTEMPTS = 5;

const isMissing = (error: unknown) => (error as { code?: string }).code === "resource_missing";

/** The state of a subscription that decides pro. */
const readingOf = (subscription: Stripe.Subscription) => ({
  status: subscription.status,
  cancelAtPeriodEnd: subscription.cancel_at_period_end,
  currentPeriodEnd: periodEnd(subscription),
});

/** A subscription as Stripe has it now, or undefined when Stripe does not know it. */
async function retrieve(subscriptionId: string): Promise<Stripe.Subscription | undefined> {
  try {
    return await (await stripe()).subscriptions.retrieve(subscriptionId);
  } catch (error) {
    if (isMissing(error)) return undefined;
    throw error;
  }
}

/**
 * Brings one subscription, and its person's plan, to Stripe's current state. Events only say
 * which subscription changed: its state is read back from Stripe, so a repeated, late or
 * reordered event can only apply the newest state. Two readings racing are ordered by when
 * they were read: the stored reading and the plan each refuse an older one.
 *
 * The person is the owner of the subscription's customer, fixed when graph made it; a
 * subscription whose metadata names someone else is logged and left alone. A person pays for
 * pro once: a subscription that pays while another already holds their paid place (two
 * checkouts completed) is refunded and cancelled, and only the one holding it sets the plan.
 */
export async function sync(subscriptionId: string): Promise<void> {
  let subscription = await retrieve(subscriptionId);
  // Not one this Stripe account knows (e.g. a test event): nothing to apply, and retrying won't change that.
  if (!subscription) {
    log.warn("billing: a subscription not found at Stripe: ignored", { subscriptionId });
    return;
  }
  let readAt = Date.now();
  const customerId = idOf(subscription.customer)!;
  const named = subscription.metadata?.userId || undefined;
  const owner = await ownerFor(customerId, named);
  if (!owner || (named !== undefined && named !== owner)) {
    log.warn("billing: a subscription names another person than its customer's owner: ignored", {
      subscriptionId,
      customerId,
      namedId: named && personHash(named),
      ownerId: owner,
    });
    return;
  }
  // A deleted account's cancellation (and any late event) must not bring its billing rows back.
  if (!(await acceptsEventsFor(owner))) return;
  const existing = (await SubscriptionEntity.get({ subscriptionId }).go({ consistent: true })).data;
  // A subscription stays with the person it was first recorded for.
  const userId = existing?.userId ?? owner;

  const refused = grantsPro(readingOf(subscription)) && !(await claimPaidPlace(userId, subscriptionId));
  if (refused) {
    subscription = await refuseSecondSubscription(userId, subscription);
    readAt = Date.now();
  }
  const state: Subscription = { subscriptionId, userId, customerId, ...readingOf(subscription), readAt };
  try {
    await SubscriptionEntity.put(state)
      .where((a, op) => `${op.notExists(a.readAt)} OR ${op.lt(a.readAt, readAt)}`)
      .go();
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    return; // a newer reading is stored already, and set the plan from it
  }
  // A refused subscription never gave pro; one replaced in the paid place (it ended) no longer decides the plan.
  if (refused || !(await decidesPlan(userId, subscriptionId))) return;
  await applyPlan(userId, readAt, state);
}

/** The subscription holding the person's paid place, if any. */
async function paidPlaceOf(userId: string): Promise<string | undefined> {
  return (await PaidSubscriptionEntity.get({ userId }).go({ consistent: true })).data?.subscriptionId;
}

/** Whether a subscription's readings set the person's plan: it holds their paid place, or nothing does. */
async function decidesPlan(userId: string, subscriptionId: string): Promise<boolean> {
  const holder = await paidPlaceOf(userId);
  return holder === undefined || holder === subscriptionId;
}

/**
 * Claims the person's paid place for a paying subscription: free, held by it already, or held
 * by one that no longer pays at Stripe. False when another subscription pays for it. Check and
 * write are one conditional operation, so of subscriptions completing at once one wins.
 */
async function claimPaidPlace(userId: string, subscriptionId: string): Promise<boolean> {
  for (let attempt = 1; attempt <= CLAIM_ATTEMPTS; attempt++) {
    const holder = await paidPlaceOf(userId);
    if (holder === subscriptionId) return true;
    if (holder !== undefined) {
      const current = await retrieve(holder);
      if (current && grantsPro(readingOf(current))) return false;
    }
    const claimedAt = Date.now();
    try {
      if (holder === undefined) await PaidSubscriptionEntity.create({ userId, subscriptionId, claimedAt }).go();
      else {
        await PaidSubscriptionEntity.patch({ userId })
          .set({ subscriptionId, claimedAt })
          .where((a, op) => op.eq(a.subscriptionId, holder))
          .go();
      }
      return true;
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
  }
  throw new UnavailableError();
}

/**
 * A second subscription paying for pro the person has already: what its latest invoice took is
 * refunded in full and it is cancelled at once; answers its cancelled state. Refunds go first
 * (each with an idempotency key, and one refunded already counts as done), so a failure part
 * way is finished by the event's retry, which finds the subscription still paying.
 */
async function refuseSecondSubscription(userId: string, subscription: Stripe.Subscription) {
  log.warn("billing: already paying for pro: a second subscription refunded and cancelled", {
    userId,
    subscriptionId: subscription.id,
  });
  const invoice = idOf(subscription.latest_invoice);
  if (invoice) {
    for await (const payment of (await stripe()).invoicePayments.list({ invoice, status: "paid" })) {
      const paymentIntent = idOf(payment.payment.payment_intent);
      if (!paymentIntent) continue;
      try {
        await (
          await stripe()
        ).refunds.create(
          { payment_intent: paymentIntent, reason: "duplicate", metadata: { userId, subscriptionId: subscription.id } },
          { idempotencyKey: `graph-second-subscription-refund-${paymentIntent}` },
        );
      } catch (error) {
        if ((error as { code?: string }).code !== "charge_already_refunded") throw error;
      }
    }
  }
  try {
    return await (await stripe()).subscriptions.cancel(subscription.id);
  } catch (error) {
    // Cancelled meanwhile (Stripe answers a cancelled one as missing): read what it is now.
    if (!isMissing(error)) throw error;
    return (await retrieve(subscription.id)) ?? subscription;
  }
}

/** Sets the person's plan from all their stored subscriptions (pro if any gives it). */
async function applyPlan(userId: string, readAt: number, written: Subscription): Promise<void> {
  const user = await Users.byId(userId);
  // Org (team) is arranged by hand, not through Stripe: billing events never change it.
  if (!user || user.plan === "team") return;
  const { data } = await SubscriptionEntity.query.byUser({ userId }).go({ pages: "all" });
  // The index may not show the write just made yet: that one is taken as written.
  const all = [...data.filter((s) => s.subscriptionId !== written.subscriptionId), written];
  const plan = all.some((s) => grantsPro(s)) ? "pro" : "free";
  await Users.setPlan(userId, plan, readAt);
}

/** The person's subscriptions as last read, for the plans page and checks. */
export async function subscriptionsOf(userId: string): Promise<Subscription[]> {
  return (await SubscriptionEntity.query.byUser({ userId }).go({ pages: "all" })).data;
}

/** What the plans page says about the person's paid plan: the subscription that gives pro, if any. */
export async function summaryOf(
  userId: string,
): Promise<{ status: string; cancelAtPeriodEnd: boolean; currentPeriodEnd: number | null } | null> {
  const current = (await subscriptionsOf(userId)).filter((s) => grantsPro(s)).sort((a, b) => b.readAt - a.readAt)[0];
  if (!current) return null;
  return {
    status: current.status,
    cancelAtPeriodEnd: current.cancelAtPeriodEnd,
    currentPeriodEnd: current.currentPeriodEnd ?? null,
  };
}
