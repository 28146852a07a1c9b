/**
 * Plans and billing: the person's Stripe customer (made once), checkout and billing portal
 * sessions, the webhook events that set the plan, and org requests by e-mail.
 */
export { checkout, portal } from "./sessions.ts";
export { verify as verifyWebhook, handle as handleWebhookEvent } from "./webhook.ts";
export { customerIdOf } from "./customers.ts";
export { subscriptionsOf, summaryOf } from "./subscriptions.ts";
export { requestOrg, type OrgRequest } from "./org-request.ts";
export { purgeAccount } from "./purge.ts";
export { personData } from "./person-data.ts";
