import { SendMessageCommand, SQSClient } from "@aws-sdk/client-sqs";
import { SendEmailCommand, SESv2Client } from "@aws-sdk/client-sesv2";
import { Resource } from "sst";
import { z } from "zod";
import { DeliveryEntity } from "./delivery.entity.ts";

export * as templates from "./templates.ts";

export const OutgoingEmail = z.object({
  to: z.string().email(),
  subject: z.string().min(1),
  text: z.string(),
  html: z.string(),
  /** Extra headers, e.g. `List-Unsubscribe` on a digest (SES passes them through). */
  headers: z
    .array(z.object({ name: z.string().regex(/^[A-Za-z0-9-]{1,64}$/), value: z.string().max(2048) }))
    .max(10)
    .optional(),
});
export type OutgoingEmail = z.infer<typeof OutgoingEmail>;

let sqs: SQSClient | undefined;
let ses: SESv2Client | undefined;

/**
 * Hands an e-mail to the mail queue. Requests never wait on the mail provider: the
 * answer is the same and as fast whether or not a message was sent, and a provider
 * outage delays mail instead of failing the person's action.
 */
export async function enqueue(email: OutgoingEmail): Promise<void> {
  sqs ??= new SQSClient({});
  await sqs.send(
    new SendMessageCommand({
      QueueUrl: Resource.MailQueue.url,
      MessageBody: JSON.stringify(OutgoingEmail.parse(email)),
    }),
  );
}

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
