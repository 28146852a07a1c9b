import type { OutgoingEmail } from "../../adapters/queues/index.ts";
import { sendEmail } from "../../adapters/ses/index.ts";
import { DeliveryEntity } from "./delivery.entity.ts";

export * as templates from "./templates.ts";

/**
 * Delivers a queued e-mail unless this queue message was already delivered (queues
 * deliver at least once; a retry after a partial batch failure must not mail twice).
 */
export async function deliverOnce(messageId: string, email: OutgoingEmail): Promise<"sent" | "duplicate"> {
  const { data } = await DeliveryEntity.get({ messageId }).go();
  if (data) return "duplicate";
  await sendEmail(email);
  const sentAt = Math.floor(Date.now() / 1000);
  await DeliveryEntity.put({ messageId, sentAt, expiresAt: sentAt + 7 * 24 * 60 * 60 }).go();
  return "sent";
}
