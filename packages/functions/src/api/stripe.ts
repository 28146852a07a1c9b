import { Hono } from "hono";
import * as z from "zod";
import * as Billing from "@graph/core/modules/billing";
import {
  MESSAGES,
  ORG_MESSAGE_MAX,
  ORG_NAME_MAX,
  ORG_SEATS_MAX,
  ORG_SEATS_MIN,
} from "@graph/core/modules/billing/rules";
import { forbidden } from "@graph/core/lib/errors";
import type { ApiEnv } from "./env.ts";
import { currentUserId, requireSession } from "./middleware.ts";
import { id, jsonBody } from "./validate.ts";

const Checkout = z.object({ userId: id("userId"), email: z.string().max(254).optional() });
const Portal = z.object({ userId: id("userId") });

/** The body names whose plan it is: it must be the signed-in person's own. */
function ownId(c: Parameters<typeof currentUserId>[0], userId: string): string {
  const me = currentUserId(c);
  if (userId !== me) throw forbidden(MESSAGES.notYours);
  return me;
}

export const stripe = new Hono<ApiEnv>()
  .post("/create_checkout_session", requireSession, jsonBody(Checkout), async (c) =>
    c.json(await Billing.checkout(ownId(c, c.req.valid("json").userId))),
  )
  .post("/create_portal_session", requireSession, jsonBody(Portal), async (c) =>
    c.json(await Billing.portal(ownId(c, c.req.valid("json").userId))),
  )
  .get("/subscription", requireSession, async (c) =>
    c.json({ subscription: await Billing.summaryOf(currentUserId(c)) }),
  )
  .post("/webhook", async (c) => {
    // The signature covers the exact bytes sent: read them before anything parses the body.
    const event = await Billing.verifyWebhook(await c.req.text(), c.req.header("stripe-signature"));
    const outcome = await Billing.handleWebhookEvent(event);
    return c.json({ received: true as const, duplicate: outcome === "duplicate" });
  });

const OrgRequest = z.object({
  seats: z
    .number({ error: MESSAGES.seats })
    .int(MESSAGES.seats)
    .min(ORG_SEATS_MIN, MESSAGES.seats)
    .max(ORG_SEATS_MAX, MESSAGES.seatsTooMany),
  organisation: z
    .string({ error: MESSAGES.organisationMissing })
    .trim()
    .min(1, MESSAGES.organisationMissing)
    .max(ORG_NAME_MAX, MESSAGES.organisationTooLong),
  message: z.string().trim().max(ORG_MESSAGE_MAX, MESSAGES.messageTooLong).default(""),
});

/** The plans page's org request: mailed to the team, confirmed to the person. */
export const plans = new Hono<ApiEnv>().post("/org_request", requireSession, jsonBody(OrgRequest), async (c) => {
  await Billing.requestOrg(currentUserId(c), c.req.valid("json"));
  return c.json({ ok: true as const, message: MESSAGES.orgSent });
});
