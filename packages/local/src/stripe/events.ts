import Stripe from "stripe";
import { newId, seconds } from "./state.ts";

/** An event as Stripe sends it to a webhook endpoint. */
export interface StripeEvent {
  id: string;
  object: "event";
  api_version: string;
  created: number;
  livemode: false;
  pending_webhooks: number;
  request: { id: null; idempotency_key: null };
  type: string;
  data: { object: unknown };
}

const signer = new Stripe("sk_test_signer").webhooks;

export function makeEvent(type: string, object: unknown): StripeEvent {
  return {
    id: newId("evt"),
    object: "event",
    api_version: Stripe.API_VERSION,
    created: seconds(),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    // A snapshot: later changes to the object do not change what this event said.
    data: { object: structuredClone(object) },
  };
}

/** The `Stripe-Signature` header Stripe would send with `payload`, signed with `secret` at `timestamp` (seconds). */
export function signature(payload: string, secret: string, timestamp = seconds()): string {
  return signer.generateTestHeaderString({ payload, secret, timestamp });
}

/**
 * Posts events to the webhook the way Stripe does: JSON, signed with the endpoint's secret at
 * the time of sending. Answers the endpoint's status.
 */
export async function deliver(url: string, secret: string, event: StripeEvent): Promise<number> {
  const payload = JSON.stringify(event, null, 2);
  try {
    const response = await fetch(url, {
      method: "POST",
      headers: {
        "content-type": "application/json; charset=utf-8",
        "stripe-signature": signature(payload, secret),
        "user-agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)",
      },
      body: payload,
    });
    await response.arrayBuffer();
    if (!response.ok) console.error(`[stripe stand-in] webhook ${event.type} answered ${response.status}`);
    return response.status;
  } catch (error) {
    console.error(`[stripe stand-in] webhook ${event.type} failed`, error);
    return 0;
  }
}
