import { writeFile } from "node:fs/promises";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import desktopConfig from "lighthouse/core/config/desktop-config.js";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./chromium.ts";
import type { Viewport } from "./viewports.ts";

export const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
export type Category = (typeof CATEGORIES)[number];

export interface LighthouseResult {
  scores: Record<Category, number>;
  /** Scored audits that did not pass (audit id → score), by category: where a score was lost. */
  failing: Record<Category, Record<string, number>>;
  /** The Largest Contentful Paint: when (ms, under Lighthouse's throttling) and which element (its HTML's start). */
  lcp: { ms: number; element?: string };
}

export interface LighthouseRunner {
  /** `report`: a file to keep the run's full Lighthouse report (JSON) in. */
  run(
    url: string,
    options: { viewport: Viewport; cookie?: string; report?: string | undefined },
  ): Promise<LighthouseResult>;
  close(): Promise<void>;
}

/**
 * One Chromium for every Lighthouse run. Lighthouse itself fetches nothing from the internet;
 * the flags keep Chromium's own background traffic (updates, sync, field trials) off.
 */
export async function startLighthouse(): Promise<LighthouseRunner> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    // Belt and braces: no host name resolves except the local runtime's, so nothing in the
    // browser can reach the internet during an audit.
    chromeFlags: [...CHROMIUM_ARGS, "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost"],
    logLevel: "silent",
  });
  return {
    async run(url, { viewport, cookie, report }) {
      const mobile = viewport.mobile;
      const result = await lighthouse(
        url,
        {
          port: chrome.port,
          output: "json",
          logLevel: "error",
          onlyCategories: [...CATEGORIES],
          disableFullPageScreenshot: true,
          // Lighthouse clears the origin's storage first, so a session has to ride as a header.
          extraHeaders: cookie ? { Cookie: cookie } : undefined,
        },
        mobile
          ? {
              extends: "lighthouse:default",
              settings: {
                formFactor: "mobile",
                screenEmulation: {
                  mobile: true,
                  width: viewport.width,
                  height: viewport.height,
                  deviceScaleFactor: 3,
                  disabled: false,
                },
              },
            }
          : desktopConfig,
      );
      if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
      const { lhr } = result;
      if (report) await writeFile(report, JSON.stringify(lhr));
      if (lhr.runtimeError) throw new Error(`Lighthouse failed on ${url}: ${lhr.runtimeError.message}`);
      const scores = {} as Record<Category, number>;
      const failing = {} as Record<Category, Record<string, number>>;
      for (const id of CATEGORIES) {
        const category = lhr.categories[id];
        scores[id] = Math.round((category?.score ?? 0) * 100);
        failing[id] = {};
        for (const ref of category?.auditRefs ?? []) {
          const score = lhr.audits[ref.id]?.score;
          if (ref.weight > 0 && typeof score === "number" && score < 1) failing[id][ref.id] = Math.round(score * 100);
        }
      }
      return { scores, failing, lcp: lcpOf(lhr) };
    },
    async close() {
      chrome.kill();
    },
  };
}

type Report = NonNullable<Awaited<ReturnType<typeof lighthouse>>>["lhr"];

function lcpOf(lhr: Report): LighthouseResult["lcp"] {
  const ms = Math.round(lhr.audits["largest-contentful-paint"]?.numericValue ?? 0);
  // The element audit's details: a list whose first table's first row is the element's node.
  const details = lhr.audits["largest-contentful-paint-element"]?.details as
    { items?: { items?: { node?: { snippet?: string } }[] }[] } | undefined;
  const element = details?.items?.[0]?.items?.[0]?.node?.snippet;
  return element ? { ms, element } : { ms };
}

/**
 * Each category's median score over several runs, each audit's worst score in any of them, and
 * the run's Largest Contentful Paint with the median time.
 */
export function median(runs: LighthouseResult[]): LighthouseResult {
  const scores = {} as Record<Category, number>;
  const failing = {} as Record<Category, Record<string, number>>;
  for (const category of CATEGORIES) {
    const sorted = runs.map((r) => r.scores[category]).sort((a, b) => a - b);
    scores[category] = sorted[Math.floor((sorted.length - 1) / 2)]!;
    failing[category] = {};
    for (const run of runs) {
      for (const [id, score] of Object.entries(run.failing[category])) {
        failing[category][id] = Math.min(score, failing[category][id] ?? 100);
      }
    }
  }
  const byLcp = [...runs].sort((a, b) => a.lcp.ms - b.lcp.ms);
  return { scores, failing, lcp: byLcp[Math.floor((byLcp.length - 1) / 2)]!.lcp };
}
