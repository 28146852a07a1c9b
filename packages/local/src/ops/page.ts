import { createHash } from "node:crypto";
import { Hono } from "hono";
import { ALARMS } from "@graph/functions/ops/alarms";
import { contentSecurityPolicy } from "@graph/core/lib/csp/rules";
import { escapeHtml } from "@graph/core/lib/util";
import type { Dispatcher } from "../dispatcher.ts";
import { evaluateAlarms } from "./alarms.ts";
import type { LocalSink } from "./log-sink.ts";

const STYLE = `body{font:15px/1.5 system-ui,sans-serif;max-width:960px;margin:32px auto;padding:0 16px;color:#1d1d1f;background:#fbfaf7}@media (prefers-color-scheme:dark){body{background:#141414;color:#eee}td,th{border-color:#333!important}}\nh1{font-size:22px}h2{font-size:17px;margin-top:28px}table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #ddd;padding:4px 8px;text-align:left;vertical-align:top}.firing{color:#b3261e;font-weight:600}.ok{color:#2e7d32}pre{white-space:pre-wrap;font:13px/1.4 ui-monospace,monospace;margin:0}`;
const CSP = contentSecurityPolicy({ styleHashes: [`sha256-${createHash("sha256").update(STYLE).digest("base64")}`] });

const at = (t: number | undefined) => (t === undefined ? null : new Date(t).toISOString());

/**
 * The local runtime's health, as an operator sees a deployment's in CloudWatch: queues and
 * dead letters, recent errors, the jobs' last runs, paused sources and which alarms would fire
 * now (packages/functions/src/ops/alarms.ts, evaluated against this process's counts).
 * `/api/dev/ops` answers it as JSON, `/dev/ops` as a page; both for this machine only.
 */
export function opsRoutes(sink: LocalSink, dispatcher: Dispatcher) {
  const report = async () => {
    // Imported when used: core's entities read the table's link, which the runtime sets up first.
    const { paused } = await import("@graph/core/modules/sources");
    const queues = dispatcher.queueStates();
    return {
      alarms: evaluateAlarms(ALARMS, { sink, queues }),
      queues: queues.map((q) => ({ ...q, oldestSentAt: at(q.oldestSentAt) })),
      // Each dead letter by its id, age and attempts: what it carried stays in the queue's files.
      deadLetters: queues.map((q) => ({
        queue: q.name,
        deadLetter: q.deadLetter,
        messages: dispatcher.deadLetters(q.name).map((m) => ({
          messageId: m.messageId,
          sentAt: at(m.sentAt),
          receiveCount: m.receiveCount,
          bytes: Buffer.byteLength(m.body),
        })),
      })),
      jobs: dispatcher.jobNames().map((name) => {
        const run = dispatcher.jobRuns().find((r) => r.name === name);
        return {
          name,
          lastStartedAt: at(run?.startedAt),
          lastEndedAt: at(run?.endedAt),
          ok: run?.ok ?? null,
        };
      }),
      pausedSources: (await paused()).map((s) => ({
        sourceId: s.sourceId,
        name: s.name,
        pausedAt: at(s.pausedAt),
        lastError: s.lastError ?? null,
      })),
      recentErrors: sink.recent().map((r) => ({
        level: r.level,
        at: at(r.time),
        message: r.message,
        ...r.context,
        fields: r.fields,
      })),
    };
  };

  return (
    new Hono()
      .get("/api/dev/ops", async (c) => c.json(await report()))
      // The page's "redrive" button; under /api/dev/*, so this machine's callers only and never another site's page.
      .post("/api/dev/ops/redrive/:queue", async (c) => {
        const queue = c.req.param("queue");
        if (!dispatcher.has(queue)) return c.json({ error: "No such queue.", code: "unknown_queue" }, 404);
        const moved = await dispatcher.redrive(queue);
        // A form on the page comes back to the page; a script gets the count.
        if (c.req.header("accept")?.includes("text/html")) return c.redirect("/dev/ops", 303);
        return c.json({ queue, moved });
      })
      .get("/dev/ops", async (c) => {
        const ops = await report();
        const firing = ops.alarms.filter((a) => a.firing);
        const rows = (cells: Array<Array<string | number | boolean | null | undefined>>) =>
          cells
            .map((row) => `<tr>${row.map((cell) => `<td>${escapeHtml(String(cell ?? "—"))}</td>`).join("")}</tr>`)
            .join("");
        const head = (...names: string[]) => `<tr>${names.map((n) => `<th>${escapeHtml(n)}</th>`).join("")}</tr>`;
        // Firing first: the page is read for what needs doing.
        const alarmRows = [...firing, ...ops.alarms.filter((a) => !a.firing)]
          .map(
            (a) =>
              `<tr><td class="${a.firing ? "firing" : "ok"}">${a.firing ? "FIRING" : "ok"}</td><td>${escapeHtml(a.name)}</td><td>${escapeHtml(a.measured)}</td><td>${escapeHtml(a.firing ? `${a.meaning} ${a.action}` : a.meaning)}</td></tr>`,
          )
          .join("");
        const errors = ops.recentErrors
          .map(
            (e) =>
              `<tr><td>${escapeHtml(e.at ?? "")}</td><td>${escapeHtml(e.level)}</td><td>${escapeHtml(e.function ?? "")}</td><td><pre>${escapeHtml(`${e.message} ${JSON.stringify(e.fields)}`)}</pre></td></tr>`,
          )
          .join("");
        const deadLetters = ops.deadLetters
          .filter((d) => d.messages.length > 0)
          .map(
            (d) =>
              `<h3>${escapeHtml(d.deadLetter)} (${d.messages.length})</h3><form method="post" action="/api/dev/ops/redrive/${encodeURIComponent(d.queue)}"><button type="submit">redrive to ${escapeHtml(d.queue)}</button></form><table>${head("message", "sent", "receives", "bytes")}${rows(d.messages.map((m) => [m.messageId, m.sentAt, m.receiveCount, m.bytes]))}</table>`,
          )
          .join("");
        c.header("Content-Security-Policy", CSP);
        return c.html(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><link rel="icon" type="image/svg+xml" href="/favicon.svg"><title>ops · graph (local)</title>
<style>${STYLE}</style></head>
<body><h1>local operations</h1><p>${firing.length === 0 ? "no alarm would fire now." : `<span class="firing">${firing.length} alarm${firing.length === 1 ? "" : "s"} would fire now.</span>`} <a href="/dev/ops">refresh</a> · <a href="/api/dev/ops">as JSON</a> · what each alarm means: docs/operations.md</p>
<h2>alarms</h2><table>${head("state", "alarm", "measured", "meaning")}${alarmRows}</table>
<h2>queues</h2><table>${head("queue", "waiting", "oldest waiting since", "dead-letter queue", "dead letters")}${rows(ops.queues.map((q) => [q.name, q.waiting, q.oldestSentAt, q.deadLetter, q.dead]))}</table>
<h2>dead letters</h2>${deadLetters || "<p>none.</p>"}
<h2>jobs</h2><table>${head("job", "last started", "last ended", "ok")}${rows(ops.jobs.map((j) => [j.name, j.lastStartedAt, j.lastEndedAt, j.ok]))}</table>
<h2>paused sources</h2>${ops.pausedSources.length === 0 ? "<p>none.</p>" : `<table>${head("source", "paused at", "last error")}${rows(ops.pausedSources.map((s) => [s.name, s.pausedAt, s.lastError]))}</table>`}
<h2>recent warnings and errors</h2>${errors ? `<table>${head("at", "level", "function", "record")}${errors}</table>` : "<p>none.</p>"}
</body></html>`);
      })
  );
}
