/**
 * The local runtime as the browser tests run it: started as its own process (as `npm start`
 * runs it), waited on, and asked for signed-in people. No test framework here: the global setup
 * and `npm run audit:web` use it too.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

const ROOT = resolve(import.meta.dirname, "../..");

export interface Server {
  url: string;
  dataDir: string;
  stop(): Promise<void>;
}

export interface ServerOptions {
  dataDir?: string;
  port?: number;
  demoFeeds?: boolean;
  allowPrivateFeeds?: boolean;
}

/** Starts `npm run serve` (the local runtime, as `npm start` runs it) and waits for its URL. */
export async function startServer(options: ServerOptions = {}): Promise<Server> {
  const dataDir = options.dataDir ?? (await mkdtemp(join(tmpdir(), "graph-e2e-")));
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", "packages/local/src/main.ts"], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(options.port ?? 0),
      DATA_DIR: dataDir,
      HOST: "127.0.0.1",
      DEMO_FEEDS: options.demoFeeds ? "1" : "0",
      // Lets a suggested source live on this machine, where the tests serve their feeds.
      ALLOW_PRIVATE_FEEDS: options.allowPrivateFeeds ? "1" : "0",
      // Billing runs against the Stripe stand-in, even where a real test key is set.
      STRIPE_SECRET_KEY: "",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const url = await new Promise<string>((resolveUrl, reject) => {
    // Starting compiles the runtime: a busy machine may need a while.
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 90_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /graph is running at (\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolveUrl(match[1]!);
      }
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.once("exit", (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
  return {
    url,
    dataDir,
    stop: () =>
      new Promise<void>((done) => {
        if (child.exitCode !== null) return done();
        child.once("exit", () => done());
        child.kill("SIGTERM");
      }),
  };
}

/**
 * Waits until the runtime's background work (e.g. fetching the demo feeds at start) has caught
 * up. On a server other test files use at the same time it waits for their work too: prefer a
 * condition of the test's own where there is one.
 */
export async function waitUntilIdle(server: Pick<Server, "url">, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (!((await (await fetch(`${server.url}/api/dev/status`)).json()) as { idle: boolean }).idle) {
    if (Date.now() > deadline) throw new Error("background work did not catch up in time");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

interface Mail {
  to: string;
  subject: string;
  text: string;
}

/** Reads the newest verification code sent to `email` from the local outbox. */
export async function codeFor(server: Pick<Server, "url">, email: string): Promise<string> {
  // The mail goes through the mail queue: wait for it as long as a busy machine may need.
  for (const deadline = Date.now() + 60_000; Date.now() < deadline;) {
    const outbox = (await (await fetch(`${server.url}/api/dev/outbox`)).json()) as Mail[];
    const mail = outbox.find((m) => m.to === email && /\b\d{6}\b/.test(m.text));
    if (mail) return /\b(\d{6})\b/.exec(mail.text)![1]!;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no code mailed to ${email}`);
}

export interface Person {
  username: string;
  email: string;
  password: string;
}

export interface DevSession extends Person {
  userId: string;
  cookie: { name: string; value: string };
}

/**
 * A new person, signed up and verified by the runtime's dev route (core's own sign-up and
 * verification), and their session cookie. `person` chooses their name, e-mail and password.
 */
export async function newSession(server: Pick<Server, "url">, person?: Partial<Person>): Promise<DevSession> {
  const response = await fetch(`${server.url}/api/dev/session`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(person ?? {}),
  });
  if (response.status !== 201) throw new Error(`no session: ${response.status} ${await response.text()}`);
  return (await response.json()) as DevSession;
}
