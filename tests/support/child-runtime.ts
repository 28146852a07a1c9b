import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import { resolve } from "node:path";

const ROOT = resolve(import.meta.dirname, "../..");

/** A port that was free a moment ago (the OS picks it; the caller binds it soon after). */
export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once("error", fail);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => done(port));
    });
  });
}

export interface ChildRuntime {
  url: string;
  child: ChildProcess;
  /** Everything the process wrote so far, stdout and stderr together. */
  output(): string;
  /** Resolves when the process says it is running; rejects if it exits first. */
  ready: Promise<void>;
  /** Resolves when the process has exited, with how. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Whether the process has exited. */
  hasExited(): boolean;
}

/**
 * Runs `npm run serve` as its own process (`node --import tsx packages/local/src/main.ts`), the
 * way people start graph, so a test can crash it, restart it on the same data, or watch it
 * start. The test's own runtime links and SDK endpoints are not passed on.
 */
export function spawnRuntime(options: { port: number; dataDir: string; env?: Record<string, string> }): ChildRuntime {
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !/^(SST_|AWS_|VITEST)/.test(name)),
  );
  const env: NodeJS.ProcessEnv = {
    ...inherited,
    HOST: "127.0.0.1",
    DEMO_FEEDS: "0",
    ...options.env,
    PORT: String(options.port),
    DATA_DIR: options.dataDir,
  };
  const child = spawn(process.execPath, ["--import", "tsx", "packages/local/src/main.ts"], {
    cwd: ROOT,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  let exitedYet = false;
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) =>
    child.once("exit", (code, signal) => {
      exitedYet = true;
      done({ code, signal });
    }),
  );
  const ready = new Promise<void>((done, fail) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString("utf8");
      if (output.includes("graph is running at")) done();
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", onData);
    void exited.then(({ code, signal }) =>
      fail(new Error(`the runtime exited (${signal ?? code}) before it was ready:\n${output}`)),
    );
  });
  ready.catch(() => undefined);
  return {
    url: `http://127.0.0.1:${options.port}`,
    child,
    output: () => output,
    ready,
    exited,
    hasExited: () => exitedYet,
  };
}

/** Stops a child runtime: SIGTERM (a clean stop), or SIGKILL to play a crash. */
export async function stopRuntime(runtime: ChildRuntime, signal: "SIGTERM" | "SIGKILL" = "SIGTERM") {
  if (!runtime.hasExited()) runtime.child.kill(signal);
  await runtime.exited;
}
