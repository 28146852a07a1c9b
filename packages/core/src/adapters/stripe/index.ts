import type Stripe from "stripe";
import { Resource } from "sst";
import { notFound } from "../../lib/errors/index.ts";
import { MESSAGES } from "../../modules/billing/rules.ts";

let client: { key: string; stripe: Stripe } | undefined;

/**
 * Where the Stripe API is: Stripe itself, unless `STRIPE_API_URL` names another address. Only
 * the local runtime sets it (to its Stripe stand-in), the way it sets `AWS_ENDPOINT_URL_*` for
 * the AWS SDK; on AWS it is never set.
 */
function endpoint(): Pick<Stripe.StripeConfig, "host" | "port" | "protocol"> {
  const url = process.env.STRIPE_API_URL;
  if (!url) return {};
  const { hostname, port, protocol } = new URL(url);
  const scheme = protocol === "http:" ? "http" : "https";
  return { host: hostname, port: port || (scheme === "http" ? 80 : 443), protocol: scheme };
}

/**
 * The Stripe client, built from the secret key (404 not_configured while the key is empty). Its
 * SDK is imported with the first call: only billing's requests use it, and the API would
 * otherwise compile its 250 kB at every cold start.
 */
export async function stripe(): Promise<Stripe> {
  const key = Resource.StripeSecretKey.value;
  if (!key) throw notFound(MESSAGES.notConfigured, "not_configured");
  if (client?.key !== key) {
    const { default: StripeClient } = await import("stripe");
    client = { key, stripe: new StripeClient(key, { ...endpoint(), maxNetworkRetries: 2 }) };
  }
  return client.stripe;
}

/** The pro plan's Stripe price (configuration per stage). */
export function proPrice(): string {
  const price = Resource.StripePriceId.value;
  if (!price) throw notFound(MESSAGES.notConfigured, "not_configured");
  return price;
}

export function webhookSecret(): string {
  const secret = Resource.StripeWebhookSecret.value;
  if (!secret) throw notFound(MESSAGES.notConfigured, "not_configured");
  return secret;
}
