/** Calls of the plans page: the subscription, Stripe checkout and billing portal sessions, and org requests. */
import { queryOptions } from "@tanstack/react-query";
import { call } from "../../lib/api.ts";
import { client } from "../../lib/client.ts";

export function createCheckoutSession(userId: string, email: string) {
  return call(client.api.stripe.create_checkout_session.$post({ json: { userId, email } }));
}

export function createPortalSession(userId: string) {
  return call(client.api.stripe.create_portal_session.$post({ json: { userId } }));
}

export function requestOrgPlan(request: { seats: number; organisation: string; message: string }) {
  return call(client.api.plans.org_request.$post({ json: request }));
}

/** The person's pro subscription as last heard from Stripe (null when there is none). */
export const subscriptionQuery = (userId: string) =>
  queryOptions({
    queryKey: ["billing-subscription", userId] as const,
    queryFn: ({ signal }) => call(client.api.stripe.subscription.$get(undefined, { init: { signal } })),
  });
