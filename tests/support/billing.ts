import type { StripeEvent, StripeStandIn } from "@graph/local/stripe/index";
import type { TestApi } from "./runtime.ts";

export const PAYS = "4242 4242 4242 4242";
export const DECLINES = "4000 0000 0000 0002";

type Person = { userId: string; email: string; cookie: string };

/** The runtime's Stripe stand-in (the integration runtime always has one). */
export function stripeOf(api: TestApi): StripeStandIn {
  const stripe = api.runtime.stripe;
  if (!stripe) throw new Error("the test runtime has no Stripe stand-in (is STRIPE_SECRET_KEY set?)");
  return stripe;
}

export async function checkoutSession(api: TestApi, person: Person): Promise<string> {
  const response = await api
    .client({ cookie: person.cookie })
    .stripe.create_checkout_session.$post({ json: { userId: person.userId, email: person.email } });
  if (response.status !== 200) throw new Error(`checkout answered ${response.status}: ${await response.text()}`);
  const { url } = (await response.json()) as { url: string };
  return new URL(url).pathname.split("/").pop()!;
}

/** Checks out and pays with the paying test card; answers the new subscription's id. */
export async function subscribe(api: TestApi, person: Person): Promise<string> {
  const stripe = stripeOf(api);
  const error = await stripe.pay(await checkoutSession(api, person), PAYS);
  if (error) throw new Error(error);
  return subscriptionOf(api, person)!;
}

export function subscriptionOf(api: TestApi, person: Person): string | undefined {
  return stripeOf(api)
    .subscriptions()
    .filter((s) => s.metadata.userId === person.userId)
    .at(-1)?.id;
}

export async function planOf(api: TestApi, person: Person) {
  const me = await (await api.client({ cookie: person.cookie }).check_auth.$get()).json();
  if (!me.isAuthenticated) throw new Error("not signed in");
  return me.plan;
}

/** A raw delivery to the webhook route, with whatever signature the test gives. */
export function postWebhook(api: TestApi, payload: string, signature?: string, headers: Record<string, string> = {}) {
  return api.request("POST", "/api/stripe/webhook", {
    rawBody: payload,
    headers: {
      "content-type": "application/json; charset=utf-8",
      ...(signature ? { "stripe-signature": signature } : {}),
      ...headers,
    },
  });
}

/** Runs `action` with the stand-in's events held back, and answers them. */
export async function heldEvents(api: TestApi, action: () => Promise<unknown>): Promise<StripeEvent[]> {
  const stripe = stripeOf(api);
  stripe.holdEvents = true;
  stripe.held = [];
  try {
    await action();
    return stripe.held;
  } finally {
    stripe.holdEvents = false;
    stripe.held = [];
  }
}
