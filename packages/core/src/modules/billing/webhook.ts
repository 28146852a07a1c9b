import type Stripe from "stripe";
import { isConditionFailure, nowSeconds } from "../../adapters/dynamo/index.ts";
import { badRequest } from "../../lib/errors/index.ts";
import { ownerFor } from "./customers.ts";
import { EventEntity } from "./event.entity.ts";
import { MESSAGES } from "./rules.ts";
import { expireOpenCheckouts } from "./sessions.ts";
import { stripe, webhookSecret } from "../../adapters/stripe/index.ts";
import { sync } from "./subscriptions.ts";
import { log, personHash } from "../../lib/observability/index.ts";

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
    return await (await stripe()).webhooks.constructEventAsync(rawBody, signature, secret, SIGNATURE_TOLERANCE_SECONDS);
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
      const customerId = idOf(session.customer);
      if (customerId) {
        // The customer's owner was fixed when graph made it: a checkout naming anyone else changes nothing.
        const named = [session.client_reference_id, session.metadata?.userId].filter((id): id is string => !!id);
        const owner = await ownerFor(customerId, named[0]);
        if (!owner || named.some((id) => id !== owner)) {
          log.warn("billing: a checkout names another person than its customer's owner: ignored", {
            eventId: event.id,
            checkoutId: session.id,
            named: named.map(personHash),
            customerId,
            ownerId: owner,
          });
          return;
        }
        // One checkout is paid: the person's others can no longer be.
        await expireOpenCheckouts(customerId, session.id);
      }
      const subscriptionId = idOf(session.subscription);
      if (subscriptionId) await sync(subscriptionId);
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
