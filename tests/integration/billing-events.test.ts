import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { StripeEvent } from "@graph/local/stripe/index";
import { signedIn, useTestApi } from "../support/runtime.ts";
import { checkoutSession, heldEvents, PAYS, planOf, stripeOf, subscribe } from "../support/billing.ts";
import { propertyRuns } from "../support/property-runs.ts";

const api = useTestApi();
const ACTIONS = ["cancel", "resume", "fail_payment", "end_period"] as const;

describe("webhook events set the plan", () => {
  it("the same event delivered three times is handled once", async () => {
    const me = await signedIn(api);
    const session = await checkoutSession(api, me);
    const events = await heldEvents(api, () => stripeOf(api).pay(session, PAYS));
    const completed = events.find((e) => e.type === "checkout.session.completed")!;
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push(await (await deliver(completed)).json());
    expect(answers).toEqual([
      { received: true, duplicate: false },
      { received: true, duplicate: true },
      { received: true, duplicate: true },
    ]);
    expect(await planOf(api, me)).toBe("pro");
  });

  it("any order of a subscription's events, each delivered three times, leaves the same final plan", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom(...ACTIONS), { maxLength: 4 }),
        fc.array(fc.nat(), { minLength: 40, maxLength: 40 }),
        async (actions, shuffleKeys) => {
          const me = await signedIn(api);
          const stripe = stripeOf(api);
          const session = await checkoutSession(api, me);
          const events = await heldEvents(api, async () => {
            await stripe.pay(session, PAYS);
            const subscription = stripe.subscriptions().find((s) => s.metadata.userId === me.userId)!;
            for (const action of actions) await stripe.act(subscription.id, action);
          });
          const final = stripe.subscriptions().find((s) => s.metadata.userId === me.userId)!;
          // pro unless the subscription ended (past_due keeps pro while Stripe retries).
          const expected = final.status === "canceled" ? "free" : "pro";

          const deliveries = [...events, ...events, ...events];
          const order = deliveries.map((event, i) => ({ event, key: shuffleKeys[i % shuffleKeys.length]! * 97 + i }));
          order.sort((a, b) => (a.key % 101) - (b.key % 101) || a.key - b.key);
          // Half at once, half one by one: repeats race each other as well as arriving late.
          const half = Math.floor(order.length / 2);
          const answers = await Promise.all(order.slice(0, half).map(({ event }) => deliver(event)));
          for (const { event } of order.slice(half)) answers.push(await deliver(event));
          expect(answers.every((r) => r.status === 200)).toBe(true);
          expect(await planOf(api, me)).toBe(expected);
        },
      ),
      { numRuns: propertyRuns(6) },
    );
  });

  it("a failed renewal keeps pro while Stripe retries; when the retries end, the person is free", async () => {
    const me = await signedIn(api);
    const subscription = await subscribe(api, me);
    expect((await summary(me.cookie))?.status).toBe("active");
    await stripeOf(api).act(subscription, "fail_payment");
    expect(stripeOf(api).events.some((e) => e.type === "invoice.payment_failed")).toBe(true);
    expect(await planOf(api, me)).toBe("pro");
    expect((await summary(me.cookie))?.status).toBe("past_due");
    await stripeOf(api).act(subscription, "end_period");
    expect(await planOf(api, me)).toBe("free");
  });

  it("cancelling at period end keeps pro until the period ends, then the person is free", async () => {
    const me = await signedIn(api);
    const subscription = await subscribe(api, me);
    await stripeOf(api).act(subscription, "cancel");
    expect(await planOf(api, me)).toBe("pro");
    const cancelled = await summary(me.cookie);
    expect(cancelled?.cancelAtPeriodEnd).toBe(true);
    expect(cancelled?.currentPeriodEnd).toBe(
      stripeOf(api)
        .subscriptions()
        .find((s) => s.id === subscription)!.items.data[0]!.current_period_end,
    );
    await stripeOf(api).act(subscription, "resume");
    await stripeOf(api).act(subscription, "cancel");
    expect(await planOf(api, me)).toBe("pro");
    await stripeOf(api).act(subscription, "end_period");
    expect(await planOf(api, me)).toBe("free");
    expect(await summary(me.cookie)).toBeNull();
    // The manual refresh of pro is gone with it.
    const manual = await api.client({ cookie: me.cookie }).rss.articles.$get({ query: { type: "manual" } });
    expect(manual.status).toBe(403);
  });

  it("a late event from before a cancellation does not bring pro back", async () => {
    const me = await signedIn(api);
    const stripe = stripeOf(api);
    const session = await checkoutSession(api, me);
    const events = await heldEvents(api, async () => {
      await stripe.pay(session, PAYS);
      const subscription = stripe.subscriptions().find((s) => s.metadata.userId === me.userId)!;
      await stripe.act(subscription.id, "cancel");
      await stripe.act(subscription.id, "end_period");
    });
    const deleted = events.find((e) => e.type === "customer.subscription.deleted")!;
    expect((await deliver(deleted)).status).toBe(200);
    expect(await planOf(api, me)).toBe("free");
    for (const early of events.filter((e) => e !== deleted)) expect((await deliver(early)).status).toBe(200);
    expect(await planOf(api, me)).toBe("free");
  });
});

async function summary(cookie: string) {
  return (await (await api.client({ cookie }).stripe.subscription.$get()).json()).subscription;
}

function deliver(event: StripeEvent) {
  const payload = JSON.stringify(event);
  return api.request("POST", "/api/stripe/webhook", {
    rawBody: payload,
    headers: { "content-type": "application/json", "stripe-signature": stripeOf(api).signature(payload) },
  });
}
