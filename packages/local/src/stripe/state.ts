import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";

/** The objects of Stripe's API that graph uses, shaped as Stripe answers them (the fields graph and its tests read). */
export interface StripeCustomer {
  id: string;
  object: "customer";
  email: string | null;
  name: string | null;
  metadata: Record<string, string>;
  created: number;
}

export interface StripeSubscription {
  id: string;
  object: "subscription";
  customer: string;
  status: "active" | "past_due" | "canceled";
  cancel_at_period_end: boolean;
  cancel_at: number | null;
  canceled_at: number | null;
  ended_at: number | null;
  created: number;
  livemode: false;
  metadata: Record<string, string>;
  items: {
    object: "list";
    data: {
      id: string;
      object: "subscription_item";
      price: { id: string; object: "price" };
      quantity: number;
      current_period_start: number;
      current_period_end: number;
    }[];
  };
}

export interface StripeCheckoutSession {
  id: string;
  object: "checkout.session";
  mode: "subscription";
  customer: string;
  client_reference_id: string | null;
  status: "open" | "complete";
  payment_status: "unpaid" | "paid";
  subscription: string | null;
  success_url: string;
  cancel_url: string | null;
  url: string;
  price: string;
  subscription_metadata: Record<string, string>;
  created: number;
  livemode: false;
}

export interface StripePortalSession {
  id: string;
  object: "billing_portal.session";
  customer: string;
  return_url: string | null;
  url: string;
  created: number;
  livemode: false;
}

interface Data {
  customers: Record<string, StripeCustomer>;
  subscriptions: Record<string, StripeSubscription>;
  checkoutSessions: Record<string, StripeCheckoutSession>;
  portalSessions: Record<string, StripePortalSession>;
  /** Idempotency key → the answer given to its first request. */
  idempotent: Record<string, unknown>;
}

export const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString("hex")}`;
export const seconds = () => Math.floor(Date.now() / 1000);

/** The stand-in's objects, in memory, written to `file` after each change when one is given. */
export class StripeState {
  data: Data = { customers: {}, subscriptions: {}, checkoutSessions: {}, portalSessions: {}, idempotent: {} };

  constructor(private readonly file?: string) {
    if (file && existsSync(file)) this.data = { ...this.data, ...(JSON.parse(readFileSync(file, "utf8")) as Data) };
  }

  save() {
    if (this.file) writeFileSync(this.file, JSON.stringify(this.data));
  }
}
