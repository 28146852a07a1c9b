import { vi } from "vitest";
import { createApi } from "@graph/functions/api/app";
import type { Runtime } from "@graph/local/runtime";
import type { OutboxMessage } from "@graph/local/outbox";

export interface TestApi {
  runtime: Runtime;
  /** An in-process call to the API; `address` is the caller's network address. */
  request(
    method: string,
    path: string,
    options?: {
      body?: unknown;
      rawBody?: string;
      cookie?: string;
      address?: string;
      headers?: Record<string, string>;
      url?: string;
    },
  ): Promise<Response>;
  /** E-mails sent to `to` so far, newest first (waits for the mail queue to drain). */
  mailTo(to: string): Promise<OutboxMessage[]>;
}

/**
 * The API of the runtime that `setup-runtime.ts` started for this test file, built with
 * an address function that reads a header, so tests can play many clients.
 */
export function useTestApi(): TestApi {
  const runtime = (globalThis as { __graphRuntime?: Runtime }).__graphRuntime;
  if (!runtime) throw new Error("integration tests need tests/support/setup-runtime.ts");
  const app = createApi({ clientAddressOf: (c) => c.req.header("x-test-address") ?? "198.51.100.1" });
  return {
    runtime,
    async request(method, path, options = {}) {
      const headers: Record<string, string> = { ...options.headers };
      if (options.body !== undefined) headers["content-type"] ??= "application/json";
      if (options.cookie) headers.cookie = options.cookie;
      headers["x-test-address"] = options.address ?? "198.51.100.1";
      return app.request(options.url ?? `http://graph.test${path}`, {
        method,
        headers,
        body: options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
      });
    },
    async mailTo(to) {
      await runtime.dispatcher.idle();
      return runtime.outbox.list().filter((m) => m.to === to);
    },
  };
}

/** The session cookie (`name=value`) a response set, if any. */
export function sessionCookie(response: Response): string | undefined {
  const header = response.headers.get("set-cookie") ?? "";
  const match = /graph_session=([^;]*)/.exec(header);
  return match && match[1] ? `graph_session=${match[1]}` : undefined;
}

export function codeFrom(message: OutboxMessage | undefined): string {
  const code = /\b(\d{6})\b/.exec(message?.text ?? "")?.[1];
  if (!code) throw new Error("no code in e-mail");
  return code;
}

let counter = 0;
/** A fresh, valid sign-up. */
export function newPerson(prefix = "user") {
  counter++;
  const id = `${prefix}${counter}${Math.random().toString(36).slice(2, 6)}`.slice(0, 20);
  return { username: id, email: `${id}@example.com`, password: "a long passphrase" };
}

/** Moves the clock (Date only) forward; the runtime's timers keep real time. */
export function travel(ms: number) {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date(Date.now() + ms));
}

/** Signs up, verifies with the mailed code and answers the signed-in cookie. */
export async function signedIn(api: TestApi, person = newPerson()) {
  const signup = await api.request("POST", "/api/signup", { body: person, address: uniqueAddress() });
  const { userId } = (await signup.json()) as { userId: string };
  const [mail] = await api.mailTo(person.email);
  const verify = await api.request("POST", "/api/verify_account", { body: { userId, code: codeFrom(mail) } });
  const cookie = sessionCookie(verify);
  if (!cookie) throw new Error(`verification failed: ${verify.status}`);
  return { ...person, userId, cookie };
}

let addresses = 0;
/** A distinct client address (TEST-NET-3), so per-address limits don't couple tests. */
export function uniqueAddress() {
  addresses++;
  return `203.0.${Math.floor(addresses / 250) % 250}.${(addresses % 250) + 1}`;
}
