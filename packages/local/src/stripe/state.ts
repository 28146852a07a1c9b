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
  /** The newest invoice (the first one is paid at checkout). */
  latest_invoice: string | null;
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
  status: "open" | "complete" | "expired";
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

export interface StripeInvoice {
  id: string;
  object: "invoice";
  customer: string;
  status: "paid" | "open";
  currency: "usd";
  amount_due: number;
  amount_paid: number;
  attempt_count: number;
  period_start: number;
  period_end: number;
  parent: {
    type: "subscription_details";
    subscription_details: { subscription: string; metadata: Record<string, string> };
    quote_details: null;
  };
  livemode: false;
  created: number;
}

/** How an invoice was paid (`invoice_payments`): here always a PaymentIntent. */
export interface StripeInvoicePayment {
  id: string;
  object: "invoice_payment";
  invoice: string;
  amount_paid: number;
  amount_requested: number;
  currency: "usd";
  is_default: boolean;
  livemode: false;
  payment: { type: "payment_intent"; payment_intent: string };
  status: "paid";
  status_transitions: { canceled_at: null; paid_at: number };
  created: number;
}

export interface StripePaymentIntent {
  id: string;
  object: "payment_intent";
  amount: number;
  amount_received: number;
  currency: "usd";
  customer: string;
  latest_charge: string;
  status: "succeeded";
  livemode: false;
  created: number;
}

export interface StripeCharge {
  id: string;
  object: "charge";
  amount: number;
  amount_captured: number;
  amount_refunded: number;
  refunded: boolean;
  currency: "usd";
  customer: string;
  payment_intent: string;
  paid: true;
  status: "succeeded";
  livemode: false;
  created: number;
}

export interface StripeRefund {
  id: string;
  object: "refund";
  amount: number;
  charge: string;
  payment_intent: string;
  currency: "usd";
  reason: "duplicate" | "fraudulent" | "requested_by_customer" | null;
  metadata: Record<string, string>;
  status: "succeeded";
  created: number;
}

interface Data {
  customers: Record<string, StripeCustomer>;
  subscriptions: Record<string, StripeSubscription>;
  checkoutSessions: Record<string, StripeCheckoutSession>;
  portalSessions: Record<string, StripePortalSession>;
  invoices: Record<string, StripeInvoice>;
  invoicePayments: Record<string, StripeInvoicePayment>;
  paymentIntents: Record<string, StripePaymentIntent>;
  charges: Record<string, StripeCharge>;
  refunds: Record<string, StripeRefund>;
  /** Idempotency key → the answer given to its first request. */
  idempotent: Record<string, unknown>;
}

export const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString("hex")}`;
export const seconds = () => Math.floor(Date.now() / 1000);

/** The stand-in's objects, in memory, written to `file` after each change when one is given. */
export class StripeState {
  data: Data = {
    customers: {},
    subscriptions: {},
    checkoutSessions: {},
    portalSessions: {},
    invoices: {},
    invoicePayments: {},
    paymentIntents: {},
    charges: {},
    refunds: {},
    idempotent: {},
  };

  constructor(private readonly file?: string) {
    if (file && existsSync(file)) this.data = { ...this.data, ...(JSON.parse(readFileSync(file, "utf8")) as Data) };
  }

  save() {
    if (this.file) writeFileSync(this.file, JSON.stringify(this.data));
  }
}
