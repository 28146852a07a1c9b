import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { freePort, spawnRuntime, stopRuntime, type ChildRuntime } from "../support/child-runtime.ts";
import { rss, startFeedServer } from "../support/feeds.ts";
import { clientAt, codeFrom, newPerson, sessionCookie } from "../support/runtime.ts";
import type { OutboxMessage } from "@graph/local/outbox";

const feeds = await startFeedServer();
const children: ChildRuntime[] = [];
let dataDir: string | undefined;
afterAll(async () => {
  for (const child of children) await stopRuntime(child, "SIGKILL");
  await feeds.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

const waitFor = <T>(check: () => Promise<T> | T, timeout = 45_000) => vi.waitFor(check, { timeout, interval: 50 });

function start(port: number) {
  const child = spawnRuntime({ port, dataDir: dataDir!, env: { ALLOW_PRIVATE_FEEDS: "1" } });
  children.push(child);
  return child;
}

describe("the local runtime killed mid-work (kill -9)", () => {
  it("delivers the queued job again after a restart on the same data: a suggested source does not stay pending", async () => {
    dataDir = await mkdtemp(join(tmpdir(), "graph-crash-"));
    const port = await freePort();
    const feedPath = "/crash/feed.xml";
    const feedBody = rss("Crash Notes", [{ title: "Still here after a crash", link: "https://crash.example/1" }]);
    // First the feed hangs, so the worker checking the suggestion is mid-fetch when the process dies.
    feeds.set(feedPath, { body: feedBody, delayMs: 10 * 60_000 });

    const first = start(port);
    await first.ready;
    const person = newPerson("crash");
    const signup = await clientAt(first.url).signup.$post({ json: person });
    expect(signup.status).toBe(201);
    const { userId } = await signup.json();
    const mail = await waitFor(async () => {
      // A development route of the local runtime, not part of the API's types.
      const outbox = (await (await fetch(`${first.url}/api/dev/outbox`)).json()) as OutboxMessage[];
      const found = outbox.find((m) => m.to === person.email);
      expect(found).toBeDefined();
      return found!;
    });
    const verify = await clientAt(first.url).verify_account.$post({ json: { userId, code: codeFrom(mail) } });
    const cookie = sessionCookie(verify);
    expect(cookie).toBeDefined();

    const suggested = await clientAt(first.url, cookie).rss.user_source_suggested_list.$post({
      json: { sourceLink: `${feeds.url}${feedPath}` },
    });
    expect(suggested.status).toBe(201);
    const { id } = await suggested.json();
    await waitFor(() => expect(feeds.hits(feedPath)).toBe(1));
    await stopRuntime(first, "SIGKILL");
    expect((await first.exited).signal).toBe("SIGKILL");

    // The feed is fine now; only a redelivered job can get the suggestion out of `pending`.
    feeds.set(feedPath, { body: feedBody });
    const second = start(port);
    await second.ready;
    const states = await waitFor(async () => {
      const list = await (await clientAt(second.url, cookie).rss.user_source_suggested_list.$get()).json();
      expect(list.find((s) => s.id === id)?.approval_state).not.toBe("pending");
      return list;
    });
    expect(states.find((s) => s.id === id)?.approval_state).toBe("approved");
    expect(feeds.hits(feedPath)).toBeGreaterThanOrEqual(2);
    expect(second.output()).not.toMatch(/unreadable message file/);
  });
});
