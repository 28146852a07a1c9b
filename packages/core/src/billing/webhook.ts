import type Stripe from "stripe";
import { isConditionFailure, nowSeconds } from "../db.ts";
import { badRequest } from "../errors.ts";
import { recordOwner } from "./customers.ts";
import { EventEntity } from "./event.entity.ts";
import { MESSAGES } from "./rules.ts";
import { stripe, webhookSecret } from "./stripe-client.ts";
import { sync } from "./subscriptions.ts";

/** Events older than this (by their signature's time) are refused: a captured delivery cannot be replayed later. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;
const KEEP_EVENT_IDS_SECONDS = 30 * 24 * 60 * 60;

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === "string" ? value : (value?.id ?? undefined);

/**
 * Checks a webhook delivery's signature on the body exactly as received. A missing, wrong or
 * stale signature is a 400 and nothing is read from the body.
 */
export async function verify(rawBody: string, signature: string | undefined): Promise<Stripe.Event> {
  if (!signature) throw badRequest(MESSAGES.badSignature, "invalid_signature");
  const secret = webhookSecret();
  try {
    return await stripe().webhooks.constructEventAsync(rawBody, signature, secret, SIGNATURE_TOLERANCE_SECONDS);
  } catch {
    throw badRequest(MESSAGES.badSignature, "invalid_signature");
  }
}

/**
 * Handles one verified event once: its id is claimed first (a conditional put), so a repeat
 * delivery is ignored. If handling fails the claim is let go, so Stripe's retry is handled.
 */
export async function handle(event: Stripe.Event): Promise<"handled" | "duplicate"> {
  const receivedAt = nowSeconds();
  try {
    await EventEntity.create({
      eventId: event.id,
      type: event.type,
      created: event.created,
      receivedAt,
      expiresAt: receivedAt + KEEP_EVENT_IDS_SECONDS,
    }).go();
  } catch (error) {
    if (isConditionFailure(error)) return "duplicate";
    throw error;
  }
  try {
    await apply(event);
  } catch (error) {
    await EventEntity.delete({ eventId: event.id }).go();
    throw error;
  }
  return "handled";
}

async function apply(event: Stripe.Event): Promise<void> {
  switch (event.type) {
    case "checkout.session.completed": {
      const session = event.data.object;
      const subscriptionId = idOf(session.subscription);
      const customerId = idOf(session.customer);
      const userId = session.client_reference_id ?? undefined;
      if (customerId && userId) await recordOwner(customerId, userId);
      if (subscriptionId) await sync(subscriptionId, { userId });
      return;
    }
    case "customer.subscription.created":
    case "customer.subscription.updated":
    case "customer.subscription.deleted":
      await sync(event.data.object.id);
      return;
    case "invoice.payment_failed":
    case "invoice.paid": {
      const subscriptionId = idOf(event.data.object.parent?.subscription_details?.subscription);
      if (subscriptionId) await sync(subscriptionId);
      return;
    }
    default:
      // Other events are logged (above) and need nothing.
      return;
  }
}
