import { Resource } from "sst";

/** One e-mail as graph sends it: plain text and HTML, with any extra headers (e.g. List-Unsubscribe). */
export interface Email {
  to: string;
  subject: string;
  text: string;
  html: string;
  headers?: Array<{ name: string; value: string }> | undefined;
}

/** Sends one e-mail through SES from the linked sender address (the client, client.ts, imported at the first). */
export async function sendEmail(email: Email): Promise<void> {
  const { client, SendEmailCommand } = await import("./client.ts");
  await client.send(
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
