import { hc } from "hono/client";
import { vi } from "vitest";
import { createApi, type AppType } from "@graph/functions/api/app";
import type { ErrorBody } from "@graph/functions/api/errors";
import type { Runtime } from "@graph/local/runtime";
import type { OutboxMessage } from "@graph/local/outbox";

const SITE = "http://graph.test";
/**
 * Each file's default client address (TEST-NET-2), its own: files that share a runtime share its
 * per-address limits, and one file's calls must not spend another's allowance.
 */
let files = 0;
const nextDefaultAddress = () => `198.51.100.${(files++ % 254) + 1}`;

/** Who is calling: the session cookie they hold, their network address, the site address they use. */
export interface Caller {
  cookie?: string;
  address?: string;
  /** The site's base address; `https://graph.test` plays a caller behind TLS. */
  site?: string;
}

/** The API's routes under `/api`, typed from the app: `client(caller).login.$post({ json })`. */
export type ApiClient = ReturnType<typeof hc<AppType>>["api"];

/** The typed client over the network, for a runtime running as its own process at `site`. */
export function clientAt(site: string, cookie?: string): ApiClient {
  return hc<AppType>(site, { headers: cookie ? { cookie } : {} }).api;
}

export interface TestApi {
  runtime: Runtime;
  /** The typed client, calling in-process as `caller` (anonymous, from the default address, by default). */
  client(caller?: Caller): ApiClient;
  /**
   * A raw in-process call, for what the typed client would not send: malformed bodies, wrong
   * content types, missing fields, made-up paths. `address` is the caller's network address.
   */
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
 * The API of the runtime that `setup-runtime.ts` started for this test worker, built with
 * an address function that reads a header, so tests can play many clients.
 */
export function useTestApi(): TestApi {
  const runtime = (globalThis as { __graphRuntime?: Runtime }).__graphRuntime;
  if (!runtime) throw new Error("integration tests need tests/support/setup-runtime.ts");
  const defaultAddress = nextDefaultAddress();
  const app = createApi({ clientAddressOf: (c) => c.req.header("x-test-address") ?? defaultAddress });
  return {
    runtime,
    client({ cookie, address = defaultAddress, site = SITE } = {}) {
      return hc<AppType>(site, {
        fetch: (input: RequestInfo | URL, init?: RequestInit) => app.request(input, init),
        headers: { "x-test-address": address, ...(cookie ? { cookie } : {}) },
      }).api;
    },
    async request(method, path, options = {}) {
      const headers: Record<string, string> = { ...options.headers };
      if (options.body !== undefined) headers["content-type"] ??= "application/json";
      if (options.cookie) headers.cookie = options.cookie;
      headers["x-test-address"] = options.address ?? defaultAddress;
      return app.request(options.url ?? `${SITE}${path}`, {
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

/**
 * The body of a refusal. Refusals are thrown, not returned, by the handlers, so the routes' types
 * name only their successes; every refusal has the one shape of `errors.ts`.
 */
export async function errorOf(response: { json(): Promise<unknown> }): Promise<ErrorBody> {
  return (await response.json()) as ErrorBody;
}

/** The session cookie (`name=value`) a response set, if any. */
export function sessionCookie(response: { headers: Headers }): string | undefined {
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
  const signup = await api.client({ address: uniqueAddress() }).signup.$post({ json: person });
  const { userId } = await signup.json();
  const [mail] = await api.mailTo(person.email);
  const verify = await api.client().verify_account.$post({ json: { userId, code: codeFrom(mail) } });
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
