import { randomUUID } from "node:crypto";
import { Email, NewPassword, Username } from "@graph/core/modules/auth/rules";
import type { Outbox } from "./outbox.ts";

/** How long the verification mail may take through the mail queue on a busy machine. */
const MAIL_WAIT_MS = 60_000;

/** What a caller may choose about the new person; anything left out is made up. */
export interface SessionRequest {
  username?: string;
  email?: string;
  password?: string;
}

const FIELDS = { username: Username, email: Email, password: NewPassword } as const;

/**
 * The request body, checked by the sign-up form's own rules: the request, or why it was refused.
 * An empty body asks for a person made up entirely.
 */
export function readSessionRequest(body: unknown): { request: SessionRequest } | { error: string } {
  if (body === undefined) return { request: {} };
  if (typeof body !== "object" || body === null || Array.isArray(body))
    return { error: "The body must be a JSON object." };
  const request: SessionRequest = {};
  for (const [name, value] of Object.entries(body)) {
    if (!(name in FIELDS)) return { error: `Unknown field ${name}: only username, email and password.` };
    const checked = FIELDS[name as keyof typeof FIELDS].safeParse(value);
    if (!checked.success) return { error: checked.error.issues[0]?.message ?? `Invalid ${name}.` };
    request[name as keyof SessionRequest] = checked.data;
  }
  return { request };
}

export interface DevSession {
  userId: string;
  username: string;
  email: string;
  password: string;
  /** The session cookie a browser signed in as this person holds. */
  cookie: { name: string; value: string };
}

/**
 * A new person, signed up and verified as a person does it — core's sign-up, the code mailed
 * through the mail queue, core's verification — and the session that verification opened.
 * Tests use it to stand in for the sign-up form, which has tests of its own.
 */
export async function newSession(outbox: Outbox, request: SessionRequest): Promise<DevSession> {
  // Imported when used: core's entities read the table's link, which the runtime sets up first.
  const [Accounts, { SESSION_COOKIE }] = await Promise.all([
    import("@graph/core/modules/auth"),
    import("@graph/functions/api/middleware"),
  ]);
  const tag = randomUUID().replace(/-/g, "").slice(0, 12);
  const person = {
    username: request.username ?? `dev${tag}`,
    email: request.email ?? `dev${tag}@example.com`,
    password: request.password ?? "a long passphrase",
  };
  // Each session is a caller of its own: the per-address sign-up limit is for callers on the
  // network, and every person made here would otherwise share this machine's address.
  const { userId } = await Accounts.signUp(person, `dev-session:${tag}`);
  const mail = await outbox.waitFor((m) => m.to === person.email && /\b\d{6}\b/.test(m.text), MAIL_WAIT_MS);
  const code = /\b(\d{6})\b/.exec(mail.text)![1]!;
  const verified = await Accounts.verify({ userId, code });
  if (verified.alreadyVerified) throw new Error(`${person.username} was verified already`);
  return {
    userId,
    ...person,
    username: verified.user.username,
    cookie: { name: SESSION_COOKIE, value: verified.session.token },
  };
}
