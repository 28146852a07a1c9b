import { describe, expect, it } from "vitest";
import { CustomerOwnerEntity } from "../../packages/core/src/modules/billing/customer-owner.entity.ts";
import { CustomerEntity } from "../../packages/core/src/modules/billing/customer.entity.ts";
import { PaidSubscriptionEntity } from "../../packages/core/src/modules/billing/paid-subscription.entity.ts";
import { stripe } from "../../packages/core/src/adapters/stripe/index.ts";
import { SubscriptionEntity } from "../../packages/core/src/modules/billing/subscription.entity.ts";
import type { StripeEvent } from "@graph/local/stripe/index";
import { errorOf, signedIn, useTestApi } from "../support/runtime.ts";
import {
  checkoutSession,
  DECLINES,
  heldEvents,
  PAYS,
  planOf,
  postWebhook,
  stripeOf,
  subscribe,
  subscriptionOf,
} from "../support/billing.ts";
import { personHash } from "@graph/core/lib/observability";
import { captureLogs } from "../support/logs.ts";

const api = useTestApi();

describe("checkout and billing portal sessions", () => {
  it("answers a checkout URL for oneself, and 403 for anyone else's id", async () => {
    const [me, other] = await Promise.all([signedIn(api), signedIn(api)]);
    const mine = await api
      .client({ cookie: me.cookie })
      .stripe.create_checkout_session.$post({ json: { userId: me.userId, email: me.email } });
    expect(mine.status).toBe(200);
    expect((await mine.json()).url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/checkout\/cs_test_/);

    const theirs = await api
      .client({ cookie: me.cookie })
      .stripe.create_checkout_session.$post({ json: { userId: other.userId, email: other.email } });
    expect(theirs.status).toBe(403);
    // No customer was made for the other person.
    expect(
      stripeOf(api)
        .customers()
        .filter((c) => c.metadata.userId === other.userId),
    ).toHaveLength(0);

    const anonymous = await api
      .client()
      .stripe.create_checkout_session.$post({ json: { userId: me.userId, email: me.email } });
    expect(anonymous.status).toBe(401);
  });

  it("answers a portal URL for oneself once subscribed, and 403 for anyone else's id", async () => {
    const [me, other] = await Promise.all([signedIn(api), signedIn(api)]);
    const before = await api
      .client({ cookie: me.cookie })
      .stripe.create_portal_session.$post({ json: { userId: me.userId } });
    expect(before.status).toBe(404);
    await subscribe(api, me);
    const mine = await api
      .client({ cookie: me.cookie })
      .stripe.create_portal_session.$post({ json: { userId: me.userId } });
    expect(mine.status).toBe(200);
    expect((await mine.json()).url).toMatch(/\/portal\/bps_/);
    await subscribe(api, other);
    const theirs = await api
      .client({ cookie: me.cookie })
      .stripe.create_portal_session.$post({ json: { userId: other.userId } });
    expect(theirs.status).toBe(403);
    const anonymous = await api.client().stripe.create_portal_session.$post({ json: { userId: me.userId } });
    expect(anonymous.status).toBe(401);
  });

  it("makes one Stripe customer for 30 parallel checkouts, and reuses it later", async () => {
    const me = await signedIn(api);
    const sessions = await Promise.all(Array.from({ length: 30 }, () => checkoutSession(api, me)));
    expect(new Set(sessions).size).toBe(30);
    const customers = stripeOf(api)
      .customers()
      .filter((c) => c.metadata.userId === me.userId);
    expect(customers).toHaveLength(1);
    await checkoutSession(api, me);
    expect(
      stripeOf(api)
        .customers()
        .filter((c) => c.metadata.userId === me.userId),
    ).toHaveLength(1);
  });

  it("upgrades at once on payment: check_auth says pro and the feed allows manual refresh", async () => {
    const me = await signedIn(api);
    expect(await planOf(api, me)).toBe("free");
    const manual = () => api.client({ cookie: me.cookie }).rss.articles.$get({ query: { type: "manual" } });
    const refused = await manual();
    expect(refused.status).toBe(403);
    expect((await errorOf(refused)).code).toBe("not_in_plan");

    await subscribe(api, me);
    expect(await planOf(api, me)).toBe("pro");
    expect((await manual()).status).not.toBe(403);
    // Pro is not sold twice: a second checkout is refused.
    const again = await api
      .client({ cookie: me.cookie })
      .stripe.create_checkout_session.$post({ json: { userId: me.userId, email: me.email } });
    expect(again.status).toBe(409);
  });

  it("a declined card changes nothing", async () => {
    const me = await signedIn(api);
    const session = await checkoutSession(api, me);
    expect(await stripeOf(api).pay(session, DECLINES)).toBe("Your card was declined.");
    expect(await planOf(api, me)).toBe("free");
    expect(
      stripeOf(api)
        .subscriptions()
        .filter((s) => s.metadata.userId === me.userId),
    ).toHaveLength(0);
  });
});

describe("paying for pro once", () => {
  type Person = Awaited<ReturnType<typeof signedIn>>;
  const atStripe = (me: Person) =>
    stripeOf(api)
      .subscriptions()
      .filter((s) => s.metadata.userId === me.userId);
  const storedFor = async (me: Person) =>
    (await SubscriptionEntity.query.byUser({ userId: me.userId }).go({ pages: "all" })).data;
  /** What the subscription's invoices paid, less what was refunded. */
  const kept = (subscriptionId: string) => {
    const paid = stripeOf(api)
      .events.filter(
        (e) =>
          e.type === "invoice.paid" &&
          (e.data.object as { parent: { subscription_details: { subscription: string } } }).parent.subscription_details
            .subscription === subscriptionId,
      )
      .reduce((sum, e) => sum + (e.data.object as { amount_paid: number }).amount_paid, 0);
    return (
      paid -
      stripeOf(api)
        .refunds(subscriptionId)
        .reduce((sum, r) => sum + r.amount, 0)
    );
  };

  it("expires a person's other open checkouts once one is paid: the second page cannot be paid", async () => {
    const me = await signedIn(api);
    const [first, second] = [await checkoutSession(api, me), await checkoutSession(api, me)];
    expect(await stripeOf(api).pay(first, PAYS)).toBeUndefined();
    expect(await planOf(api, me)).toBe("pro");

    expect(await stripeOf(api).pay(second, PAYS)).toMatch(/expired/);
    const sessions = stripeOf(api).checkoutSessions();
    expect(sessions.find((s) => s.id === second)?.status).toBe("expired");
    expect(atStripe(me)).toHaveLength(1);
    expect(atStripe(me)[0]!.status).toBe("active");
    expect(stripeOf(api).events.some((e) => e.type === "checkout.session.expired")).toBe(true);
    expect(await planOf(api, me)).toBe("pro");
  });

  it("keeps one subscription when 30 checkouts are paid at once: the others are refunded in full and cancelled", async () => {
    const me = await signedIn(api);
    const sessions = await Promise.all(Array.from({ length: 30 }, () => checkoutSession(api, me)));
    const errors = await Promise.all(sessions.map((session) => stripeOf(api).pay(session, PAYS)));
    // Every page was paid before any event arrived: none could be expired in time.
    expect(errors.filter((e) => e !== undefined)).toEqual([]);
    expect(atStripe(me)).toHaveLength(30);

    await expect.poll(() => atStripe(me).filter((s) => s.status !== "canceled").length).toBe(1);
    const [running] = atStripe(me).filter((s) => s.status !== "canceled");
    expect(running!.status).toBe("active");
    expect(kept(running!.id)).toBeGreaterThan(0);
    expect(stripeOf(api).refunds(running!.id)).toEqual([]);
    for (const cancelled of atStripe(me).filter((s) => s.status === "canceled")) {
      expect(kept(cancelled.id)).toBe(0);
      expect(stripeOf(api).refunds(cancelled.id)).toEqual([expect.objectContaining({ reason: "duplicate" })]);
    }
    expect(await planOf(api, me)).toBe("pro");
    await expect
      .poll(async () => (await storedFor(me)).filter((s) => s.status !== "canceled").map((s) => s.subscriptionId))
      .toEqual([running!.id]);
    expect((await PaidSubscriptionEntity.get({ userId: me.userId }).go()).data?.subscriptionId).toBe(running!.id);
  }, 180_000);

  it("lets a new subscription take the place of one that ended, and keeps it when the old one's events come late", async () => {
    const me = await signedIn(api);
    const stripe = stripeOf(api);
    const old = await subscribe(api, me);
    const late = await heldEvents(api, () => stripe.act(old, "resume"));
    await stripe.act(old, "cancel");
    await stripe.act(old, "end_period");
    expect(await planOf(api, me)).toBe("free");

    const fresh = await subscribe(api, me);
    expect(fresh).not.toBe(old);
    expect(await planOf(api, me)).toBe("pro");
    expect(stripe.refunds(fresh)).toEqual([]);
    expect(atStripe(me).find((s) => s.id === fresh)?.status).toBe("active");
    // The ended subscription's events no longer set the plan.
    for (const event of late) expect(await stripe.deliver({ ...event, id: `${event.id}_late` })).toBe(200);
    expect(await planOf(api, me)).toBe("pro");
  });
});

describe("the Stripe stand-in", () => {
  it("answers the calls graph makes for a second subscription as Stripe does", async () => {
    const me = await signedIn(api);
    const client = await stripe();
    // Checkout sessions: listed by customer and status; only an open one can be expired.
    const sessions = [await checkoutSession(api, me), await checkoutSession(api, me)];
    const customer = (await client.checkout.sessions.retrieve(sessions[0]!)).customer as string;
    const open = async () => (await client.checkout.sessions.list({ customer, status: "open" })).data.map((s) => s.id);
    expect((await open()).sort()).toEqual([...sessions].sort());
    expect((await client.checkout.sessions.expire(sessions[1]!)).status).toBe("expired");
    await expect(client.checkout.sessions.expire(sessions[1]!)).rejects.toMatchObject({ statusCode: 400 });
    expect(await open()).toEqual([sessions[0]]);
    expect(await stripeOf(api).pay(sessions[1]!, PAYS)).toMatch(/expired/);

    // A paid subscription's latest invoice names its payment; a refund takes back what is left of it once.
    expect(await stripeOf(api).pay(sessions[0]!, PAYS)).toBeUndefined();
    const subscription = await client.subscriptions.retrieve(subscriptionOf(api, me)!);
    const payments = await client.invoicePayments.list({
      invoice: subscription.latest_invoice as string,
      status: "paid",
    });
    expect(payments.data).toHaveLength(1);
    const paymentIntent = payments.data[0]!.payment.payment_intent as string;
    const refund = await client.refunds.create({ payment_intent: paymentIntent, reason: "duplicate" });
    expect(refund).toMatchObject({ status: "succeeded", amount: payments.data[0]!.amount_paid, reason: "duplicate" });
    await expect(client.refunds.create({ payment_intent: paymentIntent })).rejects.toMatchObject({
      code: "charge_already_refunded",
    });

    // Cancelling is at once; a cancelled subscription is no longer one to cancel.
    expect((await client.subscriptions.cancel(subscription.id)).status).toBe("canceled");
    await expect(client.subscriptions.cancel(subscription.id)).rejects.toMatchObject({ code: "resource_missing" });
    const sent = stripeOf(api).events.map((e) => e.type);
    for (const type of [
      "checkout.session.expired",
      "refund.created",
      "charge.refunded",
      "customer.subscription.deleted",
    ]) {
      expect(sent).toContain(type);
    }
  });
});

describe("the webhook", () => {
  /** A person whose payment's events are held back, not yet delivered. */
  async function paidButUndelivered() {
    const me = await signedIn(api);
    const session = await checkoutSession(api, me);
    const events = await heldEvents(api, () => stripeOf(api).pay(session, PAYS));
    return { me, events };
  }

  it("refuses a wrong, missing or stale signature with 400 and changes nothing", async () => {
    const { me, events } = await paidButUndelivered();
    const stripe = stripeOf(api);
    const completed = events.find((e) => e.type === "checkout.session.completed")!;
    const payload = JSON.stringify(completed);

    const wrong = await postWebhook(api, payload, stripe.signature(payload, { secret: "whsec_someone_else" }));
    const missing = await postWebhook(api, payload);
    const stale = await postWebhook(
      api,
      payload,
      stripe.signature(payload, { timestamp: Math.floor(Date.now() / 1000) - 10 * 60 }),
    );
    // A body changed after signing.
    const tampered = await postWebhook(api, payload.replace(me.userId, "someone-else"), stripe.signature(payload));
    for (const response of [wrong, missing, stale, tampered]) {
      expect(response.status).toBe(400);
      expect((await errorOf(response)).code).toBe("invalid_signature");
    }
    expect(await planOf(api, me)).toBe("free");

    // The refused deliveries were not logged as received: the genuine one is handled.
    const genuine = await postWebhook(api, payload, stripe.signature(payload));
    expect(genuine.status).toBe(200);
    expect(await genuine.json()).toEqual({ received: true, duplicate: false });
    expect(await planOf(api, me)).toBe("pro");
  });

  it("ignores, and logs, a signed checkout naming one person's customer with another person's id", async () => {
    const { me, events } = await paidButUndelivered();
    const other = await signedIn(api);
    const completed = events.find((e) => e.type === "checkout.session.completed")!;
    const session = completed.data.object as { customer: string; client_reference_id: string | null };
    const forged = (change: Record<string, unknown>): StripeEvent => ({
      ...completed,
      id: `evt_forged_${crypto.randomUUID().replace(/-/g, "")}`,
      data: { object: { ...session, ...change } },
    });
    const logs = captureLogs();
    const warnings: string[] = [];
    try {
      for (const event of [
        forged({ client_reference_id: other.userId }),
        forged({ client_reference_id: null, metadata: { userId: other.userId } }),
      ]) {
        const payload = JSON.stringify(event);
        const response = await postWebhook(api, payload, stripeOf(api).signature(payload));
        expect(response.status).toBe(200);
      }
      warnings.push(...logs.lines("warn"));
    } finally {
      logs.records.length = 0;
    }
    // Nothing moved: the customer is still theirs, the other person has no subscription and no pro.
    expect((await CustomerOwnerEntity.get({ customerId: session.customer }).go()).data?.userId).toBe(me.userId);
    expect((await SubscriptionEntity.query.byUser({ userId: other.userId }).go()).data).toEqual([]);
    expect(await planOf(api, other)).toBe("free");
    expect(await planOf(api, me)).toBe("free");
    // Each was logged, the person it named by their hash (a log names no one by their id).
    expect(warnings.filter((w) => w.includes(session.customer) && w.includes(personHash(other.userId)))).toHaveLength(
      2,
    );

    // The genuine events still make the payer pro, and only them.
    for (const event of events) {
      const payload = JSON.stringify(event);
      expect((await postWebhook(api, payload, stripeOf(api).signature(payload))).status).toBe(200);
    }
    expect(await planOf(api, me)).toBe("pro");
    expect(await planOf(api, other)).toBe("free");
    expect((await CustomerOwnerEntity.get({ customerId: session.customer }).go()).data?.userId).toBe(me.userId);
  });

  it("needs no Origin or session, and a foreign Origin does not matter to it", async () => {
    const { me, events } = await paidButUndelivered();
    const payload = JSON.stringify(events[0]);
    const response = await postWebhook(api, payload, stripeOf(api).signature(payload), {
      origin: "https://hooks.example",
    });
    expect(response.status).toBe(200);
    expect(await planOf(api, me)).toBe("pro");
  });

  it("exempts only the webhook: other routes still refuse foreign origins and form bodies", async () => {
    const me = await signedIn(api);
    const foreign = await api.request("POST", "/api/stripe/create_checkout_session", {
      body: { userId: me.userId, email: me.email },
      cookie: me.cookie,
      headers: { origin: "https://evil.example" },
    });
    expect(foreign.status).toBe(403);
    expect((await errorOf(foreign)).code).toBe("cross_site");
    const form = await api.request("POST", "/api/stripe/create_portal_session", {
      rawBody: `userId=${me.userId}`,
      cookie: me.cookie,
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(form.status).toBe(415);
    // A path next to the webhook's is not exempt either.
    const near = await api.request("POST", "/api/stripe/webhook/x", {
      rawBody: "a=b",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://evil.example" },
    });
    expect(near.status).toBe(403);
  });
});

describe("org requests", () => {
  it("validates seats, organisation and message with 400s that send nothing", async () => {
    const me = await signedIn(api);
    const send = (json: unknown) => api.request("POST", "/api/plans/org_request", { body: json, cookie: me.cookie });
    const cases: [unknown, string][] = [
      [{ seats: 1, organisation: "Acme", message: "" }, "An org needs at least 2 seats."],
      [{ seats: "3", organisation: "Acme", message: "" }, "An org needs at least 2 seats."],
      [{ seats: 2.5, organisation: "Acme", message: "" }, "An org needs at least 2 seats."],
      [{ seats: 3, organisation: "   ", message: "" }, "Name your organisation."],
      [{ seats: 3, message: "" }, "Name your organisation."],
      [
        { seats: 3, organisation: "x".repeat(201), message: "" },
        "The organisation's name must be at most 200 characters.",
      ],
      [{ seats: 3, organisation: "Acme", message: "x".repeat(5001) }, "The message must be at most 5000 characters."],
    ];
    for (const [body, message] of cases) {
      const response = await send(body);
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect((await errorOf(response)).error).toBe(message);
    }
    expect(await api.mailTo("team@graph.test")).toHaveLength(0);
    expect(
      (await api.client().plans.org_request.$post({ json: { seats: 3, organisation: "Acme", message: "" } })).status,
    ).toBe(401);
  });

  it("mails the team and confirms to the person; a fourth request in an hour is refused", async () => {
    const me = await signedIn(api);
    const send = () =>
      api.client({ cookie: me.cookie }).plans.org_request.$post({
        json: { seats: 12, organisation: `Acme ${me.username}`, message: "we'd like <b>graph</b>" },
      });
    const first = await send();
    expect(first.status).toBe(200);
    expect((await first.json()).message).toBe("thanks! we'll e-mail you about your org plan.");
    const team = (await api.mailTo("team@graph.test")).filter((m) => m.subject.includes(`Acme ${me.username}`));
    expect(team).toHaveLength(1);
    expect(team[0]!.text).toContain("Seats: 12");
    expect(team[0]!.text).toContain(me.email);
    expect(team[0]!.html).toContain("&lt;b&gt;graph&lt;/b&gt;");
    const confirmation = await api.mailTo(me.email);
    expect(confirmation.some((m) => m.subject === "we got your graph org request")).toBe(true);

    expect((await send()).status).toBe(200);
    expect((await send()).status).toBe(200);
    const limited = await send();
    expect(limited.status).toBe(429);
  });
});

describe("account deletion", () => {
  it("cancels the running subscription at Stripe at once and leaves no billing rows, even after Stripe's event", async () => {
    const me = await signedIn(api);
    const subscriptionId = await subscribe(api, me);
    expect(await planOf(api, me)).toBe("pro");

    const deleted = await api.client({ cookie: me.cookie }).users.delete.$post({ json: { password: me.password } });
    expect(deleted.status).toBe(200);
    await api.runtime.dispatcher.idle();

    const atStripe = stripeOf(api)
      .subscriptions()
      .find((s) => s.id === subscriptionId);
    expect(atStripe?.status).toBe("canceled");
    // Stripe's customer.subscription.deleted reached the webhook after the sweep and wrote nothing back.
    const ended = stripeOf(api).events.find(
      (e) => e.type === "customer.subscription.deleted" && (e.data.object as { id: string }).id === subscriptionId,
    );
    expect(ended).toBeDefined();
    // Stripe retrying that event later (a new delivery of the same subscription) writes nothing back either.
    expect(await stripeOf(api).deliver({ ...ended!, id: `${ended!.id}_retry` })).toBe(200);
    const { data } = await SubscriptionEntity.query.byUser({ userId: me.userId }).go();
    expect(data).toHaveLength(0);
    expect((await CustomerEntity.get({ userId: me.userId }).go()).data).toBeNull();
    expect((await PaidSubscriptionEntity.get({ userId: me.userId }).go()).data).toBeNull();
  });
});
