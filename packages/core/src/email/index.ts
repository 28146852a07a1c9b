import { SendEmailCommand, SESv2Client } from "@aws-sdk/client-sesv2";
import { Resource } from "sst";
import type { OutgoingEmail } from "../queues/index.ts";
import { DeliveryEntity } from "./delivery.entity.ts";

export * as templates from "./templates.ts";

let ses: SESv2Client | undefined;

/** Sends one e-mail through SES. Called by the mail queue worker. */
export async function deliver(email: OutgoingEmail): Promise<void> {
  ses ??= new SESv2Client({});
  await ses.send(
    new SendEmailCommand({
      FromEmailAddress: Resource.Email.sender,
      Destination: { ToAddresses: [email.to] },
      Content: {
        Simple: {
          Subject: { Data: email.subject, Charset: "UTF-8" },
          Body: { Text: { Data: email.text, Charset: "UTF-8" }, Html: { Data: email.html, Charset: "UTF-8" } },
          ...(email.headers?.length ? { Headers: email.headers.map((h) => ({ Name: h.name, Value: h.value })) } : {}),
        },
      },
    }),
  );
}

/**
 * Delivers a queued e-mail unless this queue message was already delivered (queues
 * deliver at least once; a retry after a partial batch failure must not mail twice).
 */
export async function deliverOnce(messageId: string, email: OutgoingEmail): Promise<"sent" | "duplicate"> {
  const { data } = await DeliveryEntity.get({ messageId }).go();
  if (data) return "duplicate";
  await deliver(email);
  const sentAt = Math.floor(Date.now() / 1000);
  await DeliveryEntity.put({ messageId, sentAt, expiresAt: sentAt + 7 * 24 * 60 * 60 }).go();
  return "sent";
}
