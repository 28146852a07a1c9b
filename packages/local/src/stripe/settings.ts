import { join } from "node:path";
import { PLAN_LIMITS } from "@graph/core/lib/plans/rules";
import type { LocalKeys } from "../keys.ts";
import { startStripeStandIn, type StripeStandIn } from "./index.ts";

const LOCAL_PRICE = "price_local_pro";

/**
 * Stripe for the local runtime: with `STRIPE_SECRET_KEY` set, real Stripe (test mode) with
 * `STRIPE_WEBHOOK_SECRET` (from `stripe listen`) and `STRIPE_PRICE_ID`; otherwise the stand-in,
 * which the SDK is pointed at through `STRIPE_API_URL`, with the runtime's own keys (made at
 * random, never built in: the webhook route answers the network with `HOST=0.0.0.0`).
 */
export function stripeSettings(keys: Pick<LocalKeys, "stripeSecretKey" | "stripeWebhookSecret">, env = process.env) {
  if (env.STRIPE_SECRET_KEY) {
    return {
      standIn: false as const,
      secretKey: env.STRIPE_SECRET_KEY,
      webhookSecret: env.STRIPE_WEBHOOK_SECRET ?? "",
      priceId: env.STRIPE_PRICE_ID ?? "",
    };
  }
  return {
    standIn: true as const,
    secretKey: keys.stripeSecretKey,
    webhookSecret: keys.stripeWebhookSecret,
    priceId: LOCAL_PRICE,
  };
}

/** Starts the stand-in when the settings call for it and points the SDK at it (the only place that does). */
export async function startLocalStripe(
  settings: ReturnType<typeof stripeSettings>,
  runtimeUrl: string,
  dataDir?: string,
): Promise<StripeStandIn | undefined> {
  if (!settings.standIn) return undefined;
  const standIn = await startStripeStandIn({
    secretKey: settings.secretKey,
    webhookSecret: settings.webhookSecret,
    webhookUrl: `${runtimeUrl}/api/stripe/webhook`,
    prices: { [settings.priceId]: { name: "graph pro", unitAmount: Number(PLAN_LIMITS.pro.priceUsdPerMonth) * 100 } },
    file: dataDir && join(dataDir, "stripe.json"),
  });
  process.env.STRIPE_API_URL = standIn.url;
  return standIn;
}
