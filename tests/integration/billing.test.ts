import { describe, expect, it } from "vitest";
import { CustomerEntity } from "../../packages/core/src/billing/customer.entity.ts";
import { SubscriptionEntity } from "../../packages/core/src/billing/subscription.entity.ts";
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
} from "../support/billing.ts";

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
  });
});
