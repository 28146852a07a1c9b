import { afterEach, describe, expect, it, vi } from "vitest";
import type { SQSEvent } from "aws-lambda";
import { UNVERIFIED_GRACE_DAYS } from "@graph/core/modules/auth";
import { newPerson, signedIn, travel, uniqueAddress, useTestApi } from "../support/runtime.ts";

const api = useTestApi();
afterEach(() => vi.useRealTimers());

const record = (messageId: string, body: string) =>
  ({
    messageId,
    body,
    receiptHandle: messageId,
    attributes: {},
    messageAttributes: {},
    md5OfBody: "",
    eventSource: "aws:sqs",
    eventSourceARN: "arn",
    awsRegion: "local",
  }) as unknown as SQSEvent["Records"][number];

describe("dev routes", () => {
  it("lists the outbox newest first as JSON", async () => {
    const person = await signedIn(api);
    await api.client()["verify-email-resend"].$post({ json: { email: "someone-else@example.com" } });
    const feedback = api.client({ cookie: person.cookie }).users.feedback;
    await feedback.$post({ json: { feedback: "first" } });
    await feedback.$post({ json: { feedback: "second" } });
    await api.runtime.dispatcher.idle();
    const outbox = (await (await fetch(`${api.runtime.url}/api/dev/outbox`)).json()) as Array<Record<string, string>>;
    expect(Object.keys(outbox[0]!).sort()).toEqual(["headers", "html", "sentAt", "subject", "text", "to"]);
    expect(outbox[0]!.text).toContain("second");
    expect(outbox[1]!.text).toContain("first");
    const times = outbox.map((m) => Date.parse(m.sentAt!));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const page = await (await fetch(`${api.runtime.url}/dev/outbox`)).text();
    expect(page).toContain("second");
  });

  it("runs a scheduled job on demand and answers 404 for an unknown one", async () => {
    expect((await fetch(`${api.runtime.url}/api/dev/jobs/nope`, { method: "POST" })).status).toBe(404);
    const response = await fetch(`${api.runtime.url}/api/dev/jobs/purge-unverified`, { method: "POST" });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ job: "purge-unverified", result: { purged: expect.any(Number) } });
  });

  it("runs the digest as of a given moment, and refuses a body that is not one", async () => {
    const run = (body: string) =>
      fetch(`${api.runtime.url}/api/dev/jobs/digest`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body,
      });
    const ok = await run(JSON.stringify({ now: "2026-11-23T18:00:00Z" }));
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ job: "digest", result: { due: 0, slotsRead: 9 } });
    for (const bad of ['{"now": "tomorrow"}', "[1]", "{not json", '{"now": 5}']) {
      expect((await run(bad)).status, bad).toBe(400);
    }
  });
});

describe("purge-unverified job", () => {
  it("removes sign-ups never verified within the grace period, freeing their name and e-mail, and keeps verified ones", async () => {
    const abandoned = newPerson();
    const signup = () => api.client({ address: uniqueAddress() }).signup.$post({ json: abandoned });
    await signup();
    const verified = await signedIn(api);
    travel((UNVERIFIED_GRACE_DAYS + 1) * 24 * 60 * 60 * 1000);
    const result = await api.runtime.dispatcher.runJob("purge-unverified");
    expect(result).toMatchObject({ purged: 1 });
    const again = await signup();
    expect(again.status).toBe(201);
    const login = await api.client().login.$post({
      json: { identifier: verified.email, password: verified.password },
    });
    expect(login.status).toBe(200);
  });
});

describe("mail worker", () => {
  it("reports only the failing message of a batch and drops malformed ones", async () => {
    const { mailWorker } = await import("@graph/functions/jobs/mail");
    const good = { to: "ok@example.com", subject: "s", text: "t", html: "h" };
    const delivered: string[] = [];
    const handler = mailWorker(async (id) => {
      if (id === "fails") throw new Error("SES is down");
      delivered.push(id);
      return "sent";
    });
    const response = await handler({
      Records: [record("ok", JSON.stringify(good)), record("fails", JSON.stringify(good)), record("junk", "{not json")],
    });
    expect(response.batchItemFailures).toEqual([{ itemIdentifier: "fails" }]);
    expect(delivered).toEqual(["ok"]);
  });

  it("does not send a redelivered message twice", async () => {
    const Email = await import("@graph/core/modules/email");
    const message = { to: "once@example.com", subject: "once", text: "t", html: "h" };
    expect(await Email.deliverOnce("same-message", message)).toBe("sent");
    expect(await Email.deliverOnce("same-message", message)).toBe("duplicate");
    expect(await api.mailTo("once@example.com")).toHaveLength(1);
  });
});
