import { createHash } from "node:crypto";
import { Hono } from "hono";
import type { Dispatcher } from "./dispatcher.ts";
import type { Outbox } from "./outbox.ts";
import { newSession, readSessionRequest } from "./dev-session.ts";
import { VisibleError } from "@graph/core/lib/errors";
import { escapeHtml } from "@graph/core/lib/util";
import { contentSecurityPolicy } from "@graph/core/lib/csp/rules";

/** The outbox page's one inline style, allowed by its hash (the site's policy allows no inline style). */
const OUTBOX_STYLE = `body{font:15px/1.5 system-ui,sans-serif;max-width:760px;margin:32px auto;padding:0 16px;color:#1d1d1f;background:#fbfaf7}@media (prefers-color-scheme:dark){body{background:#141414;color:#eee}article{border-color:#333!important}}\nh1{font-size:22px}article{border:1px solid #ddd;border-radius:10px;padding:12px 16px;margin:12px 0}header{display:flex;flex-wrap:wrap;justify-content:space-between;gap:8px}header span{opacity:.7;font-size:13px}pre{white-space:pre-wrap;font:14px/1.5 ui-monospace,monospace;margin:8px 0 0}pre,code{overflow-wrap:anywhere}`;
const OUTBOX_CSP = contentSecurityPolicy({
  styleHashes: [`sha256-${createHash("sha256").update(OUTBOX_STYLE).digest("base64")}`],
});

/** The message's text, escaped, with its web addresses as links (to follow a digest's unsubscribe link). */
function linked(text: string): string {
  return escapeHtml(text).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);
}

/** The extra headers a message carried (e.g. `List-Unsubscribe`), as a small list. */
function headerList(headers: Record<string, string> | undefined): string {
  const entries = Object.entries(headers ?? {});
  if (entries.length === 0) return "";
  return `<ul>${entries.map(([name, value]) => `<li><code>${escapeHtml(name)}: ${escapeHtml(value)}</code></li>`).join("")}</ul>`;
}

/** What an operator needs to look into a paused source. */
function pausedView(s: {
  sourceId: string;
  name: string;
  feedUrl: string;
  pausedAt?: number;
  lastSuccessAt?: number;
  lastError?: string;
  consecutiveFailures: number;
  nextFetchAt: number;
}) {
  const at = (t: number | undefined) => (t === undefined ? null : new Date(t).toISOString());
  return {
    sourceId: s.sourceId,
    name: s.name,
    feedUrl: s.feedUrl,
    pausedAt: at(s.pausedAt),
    lastSuccessAt: at(s.lastSuccessAt),
    lastError: s.lastError ?? null,
    consecutiveFailures: s.consecutiveFailures,
    nextTryAt: at(s.nextFetchAt),
  };
}

/**
 * Routes that exist only in the local runtime: the outbox, running jobs on demand, trusting a
 * source, listing paused sources, a signed-in session for a new person.
 */
export function devRoutes(outbox: Outbox, dispatcher: Dispatcher) {
  return (
    new Hono()
      .get("/api/dev/outbox", (c) => c.json(outbox.list()))
      /** Whether background work (feed fetching, mail) has caught up: scripts and tests wait on it. */
      .get("/api/dev/status", (c) => c.json({ idle: dispatcher.isIdle(), jobs: dispatcher.jobNames() }))
      .post("/api/dev/jobs/:name", async (c) => {
        const name = c.req.param("name");
        if (!dispatcher.jobNames().includes(name)) {
          return c.json({ error: `No job named ${name}. Jobs: ${dispatcher.jobNames().join(", ")}` }, 404);
        }
        // An optional JSON body is added to the job's event: `{ "now": "<ISO time>" }` runs the
        // digest job as of that moment.
        const text = await c.req.text();
        let extra: Record<string, unknown> = {};
        try {
          extra = text.trim() ? (JSON.parse(text) as Record<string, unknown>) : {};
        } catch {
          return c.json({ error: 'The body must be a JSON object, e.g. {"now": "2026-11-23T18:00:00Z"}.' }, 400);
        }
        if (typeof extra !== "object" || extra === null || Array.isArray(extra)) {
          return c.json({ error: "The body must be a JSON object." }, 400);
        }
        if (extra.now !== undefined && (typeof extra.now !== "string" || Number.isNaN(Date.parse(extra.now)))) {
          return c.json({ error: "now must be an ISO time, e.g. 2026-11-23T18:00:00Z." }, 400);
        }
        if (typeof extra.now === "string") extra.now = new Date(extra.now).toISOString();
        const result = await dispatcher.runJob(name, extra);
        await dispatcher.idle();
        return c.json({ job: name, result: result ?? null });
      })
      /**
       * A new person, signed up and verified through core's own sign-up and verification, and
       * the session cookie that signs a browser in as them: tests start signed in without going
       * through the sign-up form each time. The body may choose the username, e-mail and password.
       */
      .post("/api/dev/session", async (c) => {
        const text = await c.req.text();
        let body: unknown;
        try {
          body = text.trim() ? JSON.parse(text) : undefined;
        } catch {
          return c.json({ error: 'The body must be JSON, e.g. {"username": "ada"}.', code: "invalid_json" }, 400);
        }
        const read = readSessionRequest(body);
        if ("error" in read) return c.json({ error: read.error, code: "invalid_input" }, 400);
        try {
          return c.json(await newSession(outbox, read.request), 201);
        } catch (error) {
          // A taken name or e-mail (409), as the sign-up form is told.
          if (error instanceof VisibleError) return c.json({ error: error.message, code: error.code }, error.status);
          throw error;
        }
      })
      /** An operator trusts a suggested source: its articles reach everyone, not only who suggested it. */
      .post("/api/dev/sources/:id/trust", async (c) => {
        // Imported when used: core's entities read the table's link, which the runtime sets up first.
        const { trustSource } = await import("@graph/core/workflows/source-trust");
        const source = await trustSource(c.req.param("id"));
        if (!source) return c.json({ error: "No source with this id." }, 404);
        return c.json({ sourceId: source.sourceId, name: source.name, trusted: source.trusted });
      })
      /**
       * An operator arranges a person's plan, as org is arranged by hand (not through checkout):
       * `{ "plan": "team" }`. The person's next request sees it.
       */
      .post("/api/dev/users/:id/plan", async (c) => {
        const { PLANS } = await import("@graph/core/lib/plans");
        const body = (await c.req.json().catch(() => undefined)) as { plan?: unknown } | undefined;
        const plan = PLANS.find((p) => p === body?.plan);
        if (!plan) return c.json({ error: `plan must be one of ${PLANS.join(", ")}.`, code: "invalid_input" }, 400);
        const Users = await import("@graph/core/modules/users");
        if (!(await Users.byId(c.req.param("id")))) return c.json({ error: "No such person." }, 404);
        await Users.setPlan(c.req.param("id"), plan, Date.now());
        return c.json({ userId: c.req.param("id"), plan });
      })
      /** Sources paused after failing for a long time, each with its last error (on AWS: `npm run paused-sources`). */
      .get("/api/dev/sources/paused", async (c) => {
        const { paused } = await import("@graph/core/modules/sources");
        return c.json((await paused()).map(pausedView));
      })
      .get("/dev/outbox", (c) => {
        const rows = outbox
          .list()
          .map(
            (m) =>
              `<article><header><strong>${escapeHtml(m.subject)}</strong><span>to ${escapeHtml(m.to)} · ${escapeHtml(new Date(m.sentAt).toLocaleString())}</span></header>${headerList(m.headers)}<pre>${linked(m.text)}</pre></article>`,
          )
          .join("");
        c.header("Content-Security-Policy", OUTBOX_CSP);
        return c.html(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><link rel="icon" type="image/svg+xml" href="/favicon.svg"><title>outbox · graph (local)</title>
<style>${OUTBOX_STYLE}</style></head>
<body><h1>local outbox</h1><p>every e-mail graph sent while running locally, newest first. <a href="/dev/outbox">refresh</a></p>${rows || "<p>no e-mail sent yet.</p>"}</body></html>`);
      })
  );
}
