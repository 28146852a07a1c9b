import { describe, expect, it } from "vitest";
import {
  count,
  identifyPerson,
  log,
  personHash,
  redact,
  useSink,
  withFields,
  withInvocation,
  type LogRecord,
  type MetricPoint,
} from "./index.ts";

function captured() {
  const records: LogRecord[] = [];
  const points: MetricPoint[] = [];
  const flushes: number[] = [];
  useSink({ log: (r) => records.push(r), metric: (p) => points.push(p), flush: () => flushes.push(points.length) });
  return { records, points, flushes };
}

describe("redaction", () => {
  it("hashes people's ids and blanks secrets, e-mail addresses, tokens and written text", () => {
    const token = "Zm9vYmFyYmF6cXV4Zm9vYmFyYmF6cXV4Zm9vYmFyYmF6cXV4";
    const out = redact({
      userId: "u-123",
      email: "ada@example.com",
      sessionToken: token,
      cookie: "session=abc",
      text: "hello, my secret plans",
      note: `sent to ada@example.com with ${token}`,
      nested: { senderId: "u-9", password: "hunter2" },
      count: 3,
    });
    expect(out).toEqual({
      userId: personHash("u-123"),
      email: "[redacted]",
      sessionToken: "[redacted]",
      cookie: "[redacted]",
      text: "[redacted]",
      note: "sent to [email] with [token]",
      nested: { senderId: personHash("u-9"), password: "[redacted]" },
      count: 3,
    });
    expect(personHash("u-123")).toMatch(/^p_[0-9a-f]{16}$/);
    expect(personHash("u-123")).not.toBe(personHash("u-124"));
  });

  it("reduces an error to its kind and scrubbed message", () => {
    const error = new Error("no account for bob@example.org");
    const out = redact({ error }) as { error: { name: string; message: string; stack: string } };
    expect(out.error.name).toBe("Error");
    expect(out.error.message).toBe("no account for [email]");
    expect(out.error.stack).not.toContain("bob@example.org");
  });

  it("hashes the ids an ORM's or SDK's error message quotes, as a person's id is hashed", () => {
    const userId = crypto.randomUUID();
    // As ElectroDB and the DynamoDB client word a failed condition on a person's keys.
    const error = new Error(
      `The conditional request failed: {"pk":"$graph$user#userid_${userId}","sk":"$profile_1"} (user_${userId.toUpperCase()})`,
      { cause: new Error(`item user#${userId} not found`) },
    );
    const out = redact({ error }) as {
      error: { message: string; stack: string; cause: { message: string } };
    };
    const logged = JSON.stringify(out);
    expect(logged).not.toContain(userId);
    expect(logged.toLowerCase()).not.toContain(userId);
    // The same hash as the person's records carry, so the error is still theirs to find.
    expect(out.error.message).toContain(`userid_${personHash(userId)}`);
    expect(out.error.message).toContain(`(user_${personHash(userId)})`);
    expect(out.error.cause.message).toBe(`item user#${personHash(userId)} not found`);
    expect(out.error.stack).toContain(personHash(userId));
    // Text that is no id is left as it was.
    expect(redact(new Error("a table named graph-prod-Table"))).toMatchObject({
      message: "a table named graph-prod-Table",
    });
  });
});

describe("an invocation", () => {
  it("puts its function, request, message and person on every record, and flushes once at its end", async () => {
    const { records, points, flushes } = captured();
    await withInvocation(
      { function: "MailQueue", requestId: "req-1" },
      async () => {
        identifyPerson("u-1");
        await withFields({ messageId: "m-1" }, async () => log.warn("slow", { ms: 20 }));
        count("DigestsSent", 2);
      },
      3,
    );
    expect(records).toEqual([
      expect.objectContaining({
        level: "warn",
        message: "slow",
        context: { function: "MailQueue", requestId: "req-1", person: personHash("u-1"), messageId: "m-1" },
        fields: { ms: 20 },
      }),
    ]);
    expect(points.map((p) => [p.name, p.value, p.dimensions])).toEqual([
      ["Invocations", 3, { function: "MailQueue" }],
      ["DigestsSent", 2, {}],
    ]);
    expect(flushes).toEqual([2]);
  });

  it("counts its units as failures when it throws", async () => {
    const { points, flushes } = captured();
    await expect(
      withInvocation({ function: "digest" }, async () => {
        throw new Error("down");
      }),
    ).rejects.toThrow("down");
    expect(points.map((p) => [p.name, p.value])).toEqual([
      ["Invocations", 1],
      ["Failures", 1],
    ]);
    expect(flushes).toHaveLength(1);
  });
});
