import type { Hono } from "hono";
import type { Outbox } from "../outbox.ts";

interface SendEmailRequest {
  FromEmailAddress?: string;
  Destination?: { ToAddresses?: string[] };
  Content?: {
    Simple?: {
      Subject?: { Data?: string };
      Body?: { Text?: { Data?: string }; Html?: { Data?: string } };
      Headers?: Array<{ Name?: string; Value?: string }>;
    };
  };
}

/** SES v2 `SendEmail` (REST JSON), enough for SESv2Client to send into the local outbox. */
export function mountSes(app: Hono, basePath: string, outbox: Outbox) {
  app.post(`${basePath}/v2/email/outbound-emails`, async (c) => {
    const request = await c.req.json<SendEmailRequest>();
    const simple = request.Content?.Simple;
    const to = request.Destination?.ToAddresses ?? [];
    if (!simple?.Subject?.Data || to.length === 0) {
      c.header("x-amzn-errortype", "BadRequestException");
      return c.json({ message: "Destination and Content.Simple are required." }, 400);
    }
    for (const address of to) {
      await outbox.add({
        to: address,
        subject: simple.Subject.Data,
        text: simple.Body?.Text?.Data ?? "",
        html: simple.Body?.Html?.Data ?? "",
        headers: Object.fromEntries((simple.Headers ?? []).map((h) => [h.Name ?? "", h.Value ?? ""])),
      });
    }
    return c.json({ MessageId: crypto.randomUUID() });
  });
}
