import { Resource } from "sst";
import { conflict, notFound, unauthorized } from "../../lib/errors/index.ts";
import * as Users from "../users/index.ts";
import { customerIdOf, ensureCustomer } from "./customers.ts";
import { grantsPro, MESSAGES } from "./rules.ts";
import { proPrice, stripe } from "../../adapters/stripe/index.ts";
import { subscriptionsOf } from "./subscriptions.ts";

const site = () => new URL(Resource.Config.siteUrl).origin;

/**
 * A Stripe Checkout page where the person subscribes to pro, with their one customer. Someone
 * already on pro is sent to the billing portal instead of paying twice.
 */
export async function checkout(userId: string): Promise<{ url: string }> {
  const user = await Users.byId(userId);
  if (!user) throw unauthorized();
  if (user.plan !== "free" || (await subscriptionsOf(userId)).some((s) => grantsPro(s))) {
    throw conflict(MESSAGES.alreadyPro, "already_subscribed");
  }
  const price = proPrice();
  const customer = await ensureCustomer(user);
  const session = await (
    await stripe()
  ).checkout.sessions.create({
    mode: "subscription",
    customer,
    client_reference_id: userId,
    line_items: [{ price, quantity: 1 }],
    subscription_data: { metadata: { userId } },
    success_url: `${site()}/home?upgraded=1`,
    cancel_url: `${site()}/home/upgrade`,
  });
  if (!session.url) throw new Error("Stripe answered a checkout session without a URL");
  return { url: session.url };
}

/** A Stripe billing portal page for the person's customer, returning to the plans page. */
export async function portal(userId: string): Promise<{ url: string }> {
  const customer = await customerIdOf(userId);
  if (!customer) throw notFound(MESSAGES.noCustomer);
  const session = await (
    await stripe()
  ).billingPortal.sessions.create({ customer, return_url: `${site()}/home/upgrade` });
  return { url: session.url };
}

/**
 * Expires the customer's open checkouts but `except` (the one just completed), so a second
 * checkout page opened meanwhile can no longer be paid. One that completed or expired meanwhile
 * is left as it is.
 */
export async function expireOpenCheckouts(customer: string, except: string): Promise<void> {
  for await (const open of (await stripe()).checkout.sessions.list({ customer, status: "open", limit: 100 })) {
    if (open.id === except) continue;
    try {
      await (await stripe()).checkout.sessions.expire(open.id);
    } catch (error) {
      if ((await (await stripe()).checkout.sessions.retrieve(open.id)).status === "open") throw error;
    }
  }
}
