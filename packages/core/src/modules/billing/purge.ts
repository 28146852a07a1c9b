import * as Users from "../users/index.ts";
import { CustomerOwnerEntity } from "./customer-owner.entity.ts";
import { CustomerEntity } from "./customer.entity.ts";
import { PaidSubscriptionEntity } from "./paid-subscription.entity.ts";
import { stripe } from "../../adapters/stripe/index.ts";
import { SubscriptionEntity } from "./subscription.entity.ts";

/** Statuses after which Stripe charges nothing more: nothing to cancel. */
const ENDED = new Set(["canceled", "incomplete_expired"]);

/**
 * Account deletion's billing step: every subscription still running is cancelled at Stripe at once
 * (a deleted account is never charged again), then graph's billing rows go. The Stripe customer
 * itself stays at Stripe, with its invoices, as payment records must. Idempotent: a subscription
 * Stripe no longer knows, or one cancelled already, is skipped, and rows are read afresh each run.
 */
export async function purgeAccount(userId: string): Promise<void> {
  const { data: subscriptions } = await SubscriptionEntity.query.byUser({ userId }).go({ pages: "all" });
  for (const subscription of subscriptions) {
    if (ENDED.has(subscription.status)) continue;
    try {
      await (await stripe()).subscriptions.cancel(subscription.subscriptionId);
    } catch (error) {
      if ((error as { code?: string }).code !== "resource_missing") throw error;
    }
  }
  const customer = (await CustomerEntity.get({ userId }).go({ consistent: true })).data;
  await Promise.all(subscriptions.map((s) => SubscriptionEntity.delete({ subscriptionId: s.subscriptionId }).go()));
  if (customer?.customerId) await CustomerOwnerEntity.delete({ customerId: customer.customerId }).go();
  await PaidSubscriptionEntity.delete({ userId }).go();
  await CustomerEntity.delete({ userId }).go();
}

/** Whether billing events may still write for this person (not while, or after, their account is deleted). */
export const acceptsEventsFor = (userId: string) => Users.isActive(userId);
