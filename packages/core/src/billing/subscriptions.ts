import type Stripe from "stripe";
import { isConditionFailure } from "../db.ts";
import * as Users from "../users/index.ts";
import { ownerOf, recordOwner } from "./customers.ts";
import { acceptsEventsFor } from "./purge.ts";
import { grantsPro } from "./rules.ts";
import { stripe } from "./stripe-client.ts";
import { SubscriptionEntity, type Subscription } from "./subscription.entity.ts";

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === "string" ? value : (value?.id ?? undefined);

/** The end of the subscription's paid period (seconds): its items' latest period end. */
function periodEnd(subscription: Stripe.Subscription): number | undefined {
  const ends = subscription.items.data.map((item) => item.current_period_end).filter((n) => typeof n === "number");
  return ends.length ? Math.max(...ends) : undefined;
}

/**
 * Brings one subscription, and its person's plan, to Stripe's current state. Events only say
 * which subscription changed: its state is read back from Stripe, so a repeated, late or
 * reordered event can only apply the newest state. Two readings racing are ordered by when
 * they were read: the stored reading and the plan each refuse an older one.
 */
export async function sync(subscriptionId: string, hint: { userId?: string } = {}): Promise<void> {
  let subscription: Stripe.Subscription;
  try {
    subscription = await stripe().subscriptions.retrieve(subscriptionId);
  } catch (error) {
    // Not one this Stripe account knows (e.g. a test event): nothing to apply, and retrying won't change that.
    if ((error as { code?: string }).code === "resource_missing") {
      console.warn(`[billing] subscription ${subscriptionId} not found at Stripe: ignored`);
      return;
    }
    throw error;
  }
  const readAt = Date.now();
  const customerId = idOf(subscription.customer)!;
  let userId = (await ownerOf(customerId)) ?? subscription.metadata?.userId ?? hint.userId;
  if (!userId) {
    console.warn(`[billing] subscription ${subscriptionId} of unknown customer ${customerId}: ignored`);
    return;
  }
  // A deleted account's cancellation (and any late event) must not bring its billing rows back.
  if (!(await acceptsEventsFor(userId))) return;
  if (!(await ownerOf(customerId))) await recordOwner(customerId, userId);
  const existing = (await SubscriptionEntity.get({ subscriptionId }).go({ consistent: true })).data;
  // A subscription stays with the person it was first recorded for.
  if (existing) userId = existing.userId;

  const state: Subscription = {
    subscriptionId,
    userId,
    customerId,
    status: subscription.status,
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    currentPeriodEnd: periodEnd(subscription),
    readAt,
  };
  try {
    await SubscriptionEntity.put(state)
      .where((a, op) => `${op.notExists(a.readAt)} OR ${op.lt(a.readAt, readAt)}`)
      .go();
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    return; // a newer reading is stored already, and set the plan from it
  }
  await applyPlan(userId, readAt, state);
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
