import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { serve } from "@hono/node-server";
import { Hono, type Context } from "hono";
import { localOnly } from "../local-only.ts";
import { deliver, makeEvent, signature, type StripeEvent } from "./events.ts";
import { parseStripeForm } from "./form.ts";
import { checkoutPage, portalPage, type PriceInfo } from "./pages.ts";
import {
  newId,
  seconds,
  StripeState,
  type StripeCheckoutSession,
  type StripeCustomer,
  type StripeInvoice,
  type StripePortalSession,
  type StripeRefund,
  type StripeSubscription,
} from "./state.ts";

export type { StripeEvent } from "./events.ts";
export type { StripeCheckoutSession, StripeRefund, StripeSubscription } from "./state.ts";

/** What the checkout page says once its session has expired (another checkout completed first). */
const EXPIRED = "This checkout session has expired: start again from graph.";
/** Test cards, as Stripe's test mode has them. */
const PAYS = "4242424242424242";
const DECLINES = "4000000000000002";
const PERIOD_SECONDS = 30 * 24 * 60 * 60;

export type PortalAction = "cancel" | "resume" | "end_period" | "fail_payment";

export interface StripeStandInOptions {
  host?: string;
  /** The key the SDK must present (the runtime's `StripeSecretKey`). */
  secretKey: string;
  /** Where events are posted, and the secret they are signed with. */
  webhookUrl: string;
  webhookSecret: string;
  prices: Record<string, PriceInfo>;
  /** Where objects are kept across restarts; in memory when undefined. */
  file?: string;
}

export interface StripeStandIn {
  /** The API and the pages (what `STRIPE_API_URL` points the SDK at). */
  url: string;
  customers(): StripeCustomer[];
  subscriptions(customerId?: string): StripeSubscription[];
  checkoutSessions(customerId?: string): StripeCheckoutSession[];
  /** The refunds of a subscription's invoices (all refunds when none is named). */
  refunds(subscriptionId?: string): StripeRefund[];
  /** Every event sent (or held), oldest first. */
  events: StripeEvent[];
  /** While true, events are kept in `held` instead of being posted (tests deliver them themselves). */
  holdEvents: boolean;
  held: StripeEvent[];
  /** Posts an event to the webhook as Stripe would (signed now); answers the status. */
  deliver(event: StripeEvent): Promise<number>;
  signature(payload: string, options?: { secret?: string; timestamp?: number }): string;
  /** Pays (or is declined) as the checkout page does; answers the error shown, if any. */
  pay(sessionId: string, card: string): Promise<string | undefined>;
  /** What the portal's buttons do. */
  act(subscriptionId: string, action: PortalAction): Promise<void>;
  stop(): Promise<void>;
}

class StripeApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly type = "invalid_request_error",
    /** Stripe's error code; a 404 is `resource_missing` when none is given. */
    readonly code?: string,
  ) {
    super(message);
  }
}

/** Objects Stripe lists, newest first (the fields a page of a list needs). */
type Listed = { id: string; created: number };

/**
 * A stand-in for the parts of Stripe graph uses — customers, Checkout, the billing portal,
 * subscriptions — on its own port (the SDK takes a host and port, not a path). Its checkout and
 * portal pages send the webhook events Stripe would, signed with the endpoint's secret, to the
 * real webhook route: the same verification and handling run here as on AWS.
 */
export async function startStripeStandIn(options: StripeStandInOptions): Promise<StripeStandIn> {
  const state = new StripeState(options.file);
  const data = state.data;
  const app = new Hono();

  const server = await new Promise<Server>((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: options.host ?? "127.0.0.1" }, () => resolve(s as Server));
  });
  const url = `http://${options.host ?? "127.0.0.1"}:${(server.address() as AddressInfo).port}`;
  // Answers this machine only, like the other stand-ins (it takes payments without a card
  // network): its own pages post to it, and the site's pages send the browser to them.
  app.use("*", localOnly({ ownUrls: [url], pages: /^\/(checkout|portal)\// }));

  const standIn: StripeStandIn = {
    url,
    customers: () => Object.values(data.customers),
    subscriptions: (customerId) =>
      Object.values(data.subscriptions).filter((s) => customerId === undefined || s.customer === customerId),
    checkoutSessions: (customerId) =>
      Object.values(data.checkoutSessions).filter((s) => customerId === undefined || s.customer === customerId),
    refunds: (subscriptionId) => {
      const intents = new Set(
        Object.values(data.invoicePayments)
          .filter(
            (p) =>
              subscriptionId === undefined ||
              data.invoices[p.invoice]?.parent.subscription_details.subscription === subscriptionId,
          )
          .map((p) => p.payment.payment_intent),
      );
      return Object.values(data.refunds).filter((r) => intents.has(r.payment_intent));
    },
    events: [],
    holdEvents: false,
    held: [],
    deliver: (event) => deliver(options.webhookUrl, options.webhookSecret, event),
    signature: (payload, { secret = options.webhookSecret, timestamp } = {}) => signature(payload, secret, timestamp),
    pay,
    act,
    async stop() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        (server as Server & { closeAllConnections?: () => void }).closeAllConnections?.();
      });
    },
  };

  /** Sends events in order, each after the last was answered (as one Stripe action's events arrive). */
  async function send(...events: StripeEvent[]) {
    state.save();
    standIn.events.push(...events);
    if (standIn.holdEvents) {
      standIn.held.push(...events);
      return;
    }
    for (const event of events) await standIn.deliver(event);
  }

  const priceOf = (id: string): PriceInfo => options.prices[id] ?? { name: id, unitAmount: 0 };

  /**
   * The subscription's invoice for its current period, kept as its latest. A paid one is paid by
   * card: a PaymentIntent with its charge, recorded as the invoice's payment (what a refund names).
   */
  function invoice(subscription: StripeSubscription, status: "paid" | "open"): StripeInvoice {
    const item = subscription.items.data[0]!;
    const amount = priceOf(item.price.id).unitAmount;
    const created = seconds();
    const kept: StripeInvoice = {
      id: newId("in"),
      object: "invoice",
      customer: subscription.customer,
      status,
      currency: "usd",
      amount_due: amount,
      amount_paid: status === "paid" ? amount : 0,
      attempt_count: 1,
      period_start: item.current_period_start,
      period_end: item.current_period_end,
      parent: {
        type: "subscription_details",
        subscription_details: { subscription: subscription.id, metadata: subscription.metadata },
        quote_details: null,
      },
      livemode: false,
      created,
    };
    data.invoices[kept.id] = kept;
    subscription.latest_invoice = kept.id;
    if (status === "paid") {
      const [charge, intent, payment] = [newId("ch"), newId("pi"), newId("inpay")];
      const customer = subscription.customer;
      data.charges[charge] = {
        id: charge,
        object: "charge",
        amount,
        amount_captured: amount,
        amount_refunded: 0,
        refunded: false,
        currency: "usd",
        customer,
        payment_intent: intent,
        paid: true,
        status: "succeeded",
        livemode: false,
        created,
      };
      data.paymentIntents[intent] = {
        id: intent,
        object: "payment_intent",
        amount,
        amount_received: amount,
        currency: "usd",
        customer,
        latest_charge: charge,
        status: "succeeded",
        livemode: false,
        created,
      };
      data.invoicePayments[payment] = {
        id: payment,
        object: "invoice_payment",
        invoice: kept.id,
        amount_paid: amount,
        amount_requested: amount,
        currency: "usd",
        is_default: true,
        livemode: false,
        payment: { type: "payment_intent", payment_intent: intent },
        status: "paid",
        status_transitions: { canceled_at: null, paid_at: created },
        created,
      };
    }
    return kept;
  }

  async function pay(sessionId: string, card: string): Promise<string | undefined> {
    const session = data.checkoutSessions[sessionId];
    if (!session) throw new StripeApiError(404, `No such checkout.session: '${sessionId}'`);
    if (session.status === "complete") return undefined;
    if (session.status === "expired") return EXPIRED;
    const number = card.replace(/[\s-]/g, "");
    if (number === DECLINES) return "Your card was declined.";
    if (number !== PAYS) return "Your card number is invalid. Use a test card: 4242 4242 4242 4242.";
    const now = seconds();
    const subscription: StripeSubscription = {
      id: newId("sub"),
      object: "subscription",
      customer: session.customer,
      status: "active",
      cancel_at_period_end: false,
      cancel_at: null,
      canceled_at: null,
      ended_at: null,
      created: now,
      livemode: false,
      metadata: session.subscription_metadata,
      latest_invoice: null,
      items: {
        object: "list",
        data: [
          {
            id: newId("si"),
            object: "subscription_item",
            price: { id: session.price, object: "price" },
            quantity: 1,
            current_period_start: now,
            current_period_end: now + PERIOD_SECONDS,
          },
        ],
      },
    };
    data.subscriptions[subscription.id] = subscription;
    const first = invoice(subscription, "paid");
    Object.assign(session, { status: "complete", payment_status: "paid", subscription: subscription.id });
    // Stripe's order for a new subscription through Checkout.
    await send(
      makeEvent("customer.subscription.created", subscription),
      makeEvent("invoice.paid", first),
      makeEvent("checkout.session.completed", session),
    );
    return undefined;
  }

  async function act(subscriptionId: string, action: PortalAction): Promise<void> {
    const s = data.subscriptions[subscriptionId];
    if (!s) throw new StripeApiError(404, `No such subscription: '${subscriptionId}'`);
    if (s.status === "canceled") return;
    const item = s.items.data[0]!;
    const now = seconds();
    switch (action) {
      case "cancel":
        Object.assign(s, { cancel_at_period_end: true, cancel_at: item.current_period_end, canceled_at: now });
        return send(makeEvent("customer.subscription.updated", s));
      case "resume":
        Object.assign(s, { cancel_at_period_end: false, cancel_at: null, canceled_at: null });
        return send(makeEvent("customer.subscription.updated", s));
      case "fail_payment": {
        // The renewal's charge failed: a new period began unpaid, and Stripe retries.
        Object.assign(item, { current_period_start: now, current_period_end: now + PERIOD_SECONDS });
        s.status = "past_due";
        return send(
          makeEvent("invoice.payment_failed", invoice(s, "open")),
          makeEvent("customer.subscription.updated", s),
        );
      }
      case "end_period":
        if (s.cancel_at_period_end || s.status === "past_due") {
          // The period ran out (or the retries did): the subscription ends.
          Object.assign(s, { status: "canceled", ended_at: now, canceled_at: s.canceled_at ?? now });
          item.current_period_end = now;
          return send(makeEvent("customer.subscription.deleted", s));
        }
        Object.assign(item, { current_period_start: now, current_period_end: now + PERIOD_SECONDS });
        return send(makeEvent("invoice.paid", invoice(s, "paid")), makeEvent("customer.subscription.updated", s));
    }
  }

  // ---- The API (what the SDK calls): Bearer key, form bodies, Stripe's error shape. ----
  const api = new Hono();
  /** Idempotency keys whose first request is still being answered. */
  const inFlight = new Set<string>();
  api.use("*", async (c, next) => {
    if (c.req.header("authorization") !== `Bearer ${options.secretKey}`) {
      throw new StripeApiError(401, "Invalid API Key provided.", "invalid_request_error");
    }
    // A repeated idempotency key answers the first answer (how Stripe keeps retries from doubling);
    // while the first is still running, a repeat is a 409 the SDK retries, as Stripe answers it.
    const key = c.req.method === "POST" ? c.req.header("idempotency-key") : undefined;
    if (key && key in data.idempotent) return c.json(data.idempotent[key] as object);
    if (key && inFlight.has(key)) {
      throw new StripeApiError(
        409,
        "There is currently another in-progress request using this idempotency key. Try again later.",
        "idempotency_error",
        "idempotency_key_in_use",
      );
    }
    if (key) inFlight.add(key);
    try {
      await next();
      if (key && c.res.ok) {
        data.idempotent[key] = await c.res.clone().json();
        state.save();
      }
    } finally {
      if (key) inFlight.delete(key);
    }
  });
  const form = async (c: Context) => parseStripeForm(await c.req.text());
  const str = (value: unknown) => (typeof value === "string" ? value : undefined);
  /** A page of a list as Stripe answers one: newest first, `limit` (1 to 100, 10 by default) after `starting_after`. */
  const list = <T extends Listed>(c: Context, items: T[]) => {
    const limit = Math.min(100, Math.max(1, Number(c.req.query("limit") ?? 10) || 10));
    const sorted = [...items].sort((a, b) => b.created - a.created || (a.id < b.id ? 1 : -1));
    const after = c.req.query("starting_after");
    const start = after ? sorted.findIndex((item) => item.id === after) + 1 : 0;
    return c.json({
      object: "list",
      data: sorted.slice(start, start + limit),
      has_more: start + limit < sorted.length,
      url: `/v1${c.req.path.replace(/^\/v1/, "")}`,
    });
  };
  /** Keeps the items whose `field` is the query's value, for each field the query names. */
  const where = <T>(c: Context, items: T[], fields: (keyof T & string)[]) =>
    items.filter((item) => fields.every((f) => c.req.query(f) === undefined || item[f] === c.req.query(f)));

  api.post("/customers", async (c) => {
    const body = await form(c);
    const customer: StripeCustomer = {
      id: newId("cus"),
      object: "customer",
      email: str(body.email) ?? null,
      name: str(body.name) ?? null,
      metadata: (body.metadata as Record<string, string>) ?? {},
      created: seconds(),
    };
    data.customers[customer.id] = customer;
    state.save();
    return c.json(customer);
  });
  api.get("/customers/:id", (c) => {
    const customer = data.customers[c.req.param("id")];
    if (!customer) throw new StripeApiError(404, `No such customer: '${c.req.param("id")}'`);
    return c.json(customer);
  });
  api.post("/checkout/sessions", async (c) => {
    const body = await form(c);
    const customer = str(body.customer);
    if (!customer || !data.customers[customer]) throw new StripeApiError(400, `No such customer: '${customer}'`);
    if (body.mode !== "subscription") throw new StripeApiError(400, "Only mode=subscription is supported here.");
    const lineItems = (body.line_items as { price?: string }[] | undefined) ?? [];
    const price = lineItems[0]?.price;
    if (!price || !options.prices[price]) throw new StripeApiError(400, `No such price: '${price}'`);
    const successUrl = str(body.success_url);
    if (!successUrl) throw new StripeApiError(400, "Missing required param: success_url.");
    const id = newId("cs_test");
    const session: StripeCheckoutSession = {
      id,
      object: "checkout.session",
      mode: "subscription",
      customer,
      client_reference_id: str(body.client_reference_id) ?? null,
      status: "open",
      payment_status: "unpaid",
      subscription: null,
      success_url: successUrl,
      cancel_url: str(body.cancel_url) ?? null,
      url: `${url}/checkout/${id}`,
      price,
      subscription_metadata: (body.subscription_data as { metadata?: Record<string, string> })?.metadata ?? {},
      created: seconds(),
      livemode: false,
    };
    data.checkoutSessions[id] = session;
    state.save();
    return c.json(session);
  });
  api.get("/checkout/sessions", (c) =>
    list(c, where(c, Object.values(data.checkoutSessions), ["customer", "status", "subscription"])),
  );
  api.get("/checkout/sessions/:id", (c) => {
    const session = data.checkoutSessions[c.req.param("id")];
    if (!session) throw new StripeApiError(404, `No such checkout.session: '${c.req.param("id")}'`);
    return c.json(session);
  });
  // Only an open session can be expired; after that its page cannot be paid.
  api.post("/checkout/sessions/:id/expire", async (c) => {
    const session = data.checkoutSessions[c.req.param("id")];
    if (!session) throw new StripeApiError(404, `No such checkout.session: '${c.req.param("id")}'`);
    if (session.status !== "open") {
      throw new StripeApiError(
        400,
        `Only Checkout Sessions with a status in ["open"] can be expired. This one's status is "${session.status}".`,
      );
    }
    session.status = "expired";
    await send(makeEvent("checkout.session.expired", session));
    return c.json(session);
  });
  api.get("/invoices/:id", (c) => {
    const found = data.invoices[c.req.param("id")];
    if (!found) throw new StripeApiError(404, `No such invoice: '${c.req.param("id")}'`);
    return c.json(found);
  });
  api.get("/invoice_payments", (c) => list(c, where(c, Object.values(data.invoicePayments), ["invoice", "status"])));
  // A refund of a charge (named by it or by its PaymentIntent): all that is left of it unless `amount` says less.
  api.post("/refunds", async (c) => {
    const body = await form(c);
    const intentId = str(body.payment_intent);
    if (intentId && !data.paymentIntents[intentId])
      throw new StripeApiError(404, `No such payment_intent: '${intentId}'`);
    const chargeId = str(body.charge) ?? (intentId && data.paymentIntents[intentId]!.latest_charge);
    if (!chargeId) throw new StripeApiError(400, "Missing required param: charge or payment_intent.");
    const charge = data.charges[chargeId];
    if (!charge) throw new StripeApiError(404, `No such charge: '${chargeId}'`);
    const left = charge.amount - charge.amount_refunded;
    if (left <= 0) {
      throw new StripeApiError(
        400,
        `Charge ${charge.id} has already been refunded.`,
        "invalid_request_error",
        "charge_already_refunded",
      );
    }
    const amount = body.amount === undefined ? left : Number(body.amount);
    if (!Number.isInteger(amount) || amount <= 0 || amount > left) {
      throw new StripeApiError(
        400,
        `Refund amount (${String(body.amount)}) must be a whole number of cents from 1 to ${left}.`,
      );
    }
    const reason = str(body.reason);
    if (reason !== undefined && !["duplicate", "fraudulent", "requested_by_customer"].includes(reason)) {
      throw new StripeApiError(400, `Invalid reason: must be one of duplicate, fraudulent, or requested_by_customer`);
    }
    const refund: StripeRefund = {
      id: newId("re"),
      object: "refund",
      amount,
      charge: charge.id,
      payment_intent: charge.payment_intent,
      currency: "usd",
      reason: (reason as StripeRefund["reason"]) ?? null,
      metadata: (body.metadata as Record<string, string>) ?? {},
      status: "succeeded",
      created: seconds(),
    };
    data.refunds[refund.id] = refund;
    charge.amount_refunded += amount;
    charge.refunded = charge.amount_refunded === charge.amount;
    await send(makeEvent("refund.created", refund), makeEvent("charge.refunded", charge));
    return c.json(refund);
  });
  api.get("/refunds", (c) => list(c, where(c, Object.values(data.refunds), ["payment_intent", "charge"])));
  api.post("/billing_portal/sessions", async (c) => {
    const body = await form(c);
    const customer = str(body.customer);
    if (!customer || !data.customers[customer]) throw new StripeApiError(400, `No such customer: '${customer}'`);
    const id = newId("bps");
    const session: StripePortalSession = {
      id,
      object: "billing_portal.session",
      customer,
      return_url: str(body.return_url) ?? null,
      url: `${url}/portal/${id}`,
      created: seconds(),
      livemode: false,
    };
    data.portalSessions[id] = session;
    state.save();
    return c.json(session);
  });
  api.get("/subscriptions/:id", (c) => {
    const subscription = data.subscriptions[c.req.param("id")];
    if (!subscription) throw new StripeApiError(404, `No such subscription: '${c.req.param("id")}'`);
    return c.json(subscription);
  });
  // Cancels at once (not at the period's end), as `subscriptions.cancel` does. A subscription
  // cancelled already is one Stripe no longer cancels: it answers "No such subscription".
  api.delete("/subscriptions/:id", async (c) => {
    const s = data.subscriptions[c.req.param("id")];
    if (!s || s.status === "canceled") throw new StripeApiError(404, `No such subscription: '${c.req.param("id")}'`);
    const now = seconds();
    Object.assign(s, { status: "canceled", ended_at: now, canceled_at: s.canceled_at ?? now });
    await send(makeEvent("customer.subscription.deleted", s));
    return c.json(s);
  });
  app.route("/v1", api);

  // ---- The pages a person sees (plain forms: no script needed). ----
  app.get("/checkout/:id", (c) => {
    const session = data.checkoutSessions[c.req.param("id")];
    if (!session) return c.html("<h1>This checkout session does not exist.</h1>", 404);
    return c.html(checkoutPage(session, priceOf(session.price), data.customers[session.customer]?.email ?? null));
  });
  app.post("/checkout/:id/pay", async (c) => {
    const session = data.checkoutSessions[c.req.param("id")];
    if (!session) return c.html("<h1>This checkout session does not exist.</h1>", 404);
    const { card: typed } = await c.req.parseBody();
    const card = typeof typed === "string" ? typed : "";
    const error = await pay(session.id, card);
    if (error) {
      return c.html(
        checkoutPage(session, priceOf(session.price), data.customers[session.customer]?.email ?? null, error),
        402,
      );
    }
    return c.redirect(session.success_url, 303);
  });
  const portalOf = (id: string) => data.portalSessions[id];
  app.get("/portal/:id", (c) => {
    const session = portalOf(c.req.param("id"));
    if (!session) return c.html("<h1>This portal session does not exist.</h1>", 404);
    const subscriptions = standIn.subscriptions(session.customer);
    const price = priceOf(subscriptions[0]?.items.data[0]?.price.id ?? Object.keys(options.prices)[0] ?? "");
    return c.html(portalPage(session, price, subscriptions));
  });
  app.post("/portal/:id/:subscription/:action", async (c) => {
    const session = portalOf(c.req.param("id"));
    const subscription = data.subscriptions[c.req.param("subscription")];
    const action = c.req.param("action") as PortalAction;
    if (
      !session ||
      subscription?.customer !== session.customer ||
      !["cancel", "resume", "end_period", "fail_payment"].includes(action)
    ) {
      return c.html("<h1>Not found.</h1>", 404);
    }
    await act(subscription.id, action);
    return c.redirect(`/portal/${session.id}`, 303);
  });

  app.onError((error, c) => {
    if (error instanceof StripeApiError) {
      // Stripe's code (a missing object's is resource_missing), which callers test for.
      const named = error.code ?? (error.status === 404 ? "resource_missing" : undefined);
      const code = named ? { code: named } : {};
      return c.json({ error: { type: error.type, message: error.message, ...code } }, error.status as 400);
    }
    console.error("[stripe stand-in]", error);
    return c.json({ error: { type: "api_error", message: "The stand-in failed." } }, 500);
  });
  app.notFound((c) =>
    c.json(
      {
        error: { type: "invalid_request_error", message: `Unrecognized request URL (${c.req.method}: ${c.req.path}).` },
      },
      404,
    ),
  );

  return standIn;
}
