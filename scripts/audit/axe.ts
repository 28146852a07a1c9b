/// <reference lib="dom" />
import { createRequire } from "node:module";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import type { AxeResults, ImpactValue } from "axe-core";
import type { AuditPage } from "./pages.ts";

const AXE_SCRIPT = createRequire(import.meta.url).resolve("axe-core/axe.min.js");
/** Where the page loads axe from: a path on the site itself, so the site's CSP stays in force. */
const AXE_PATH = "/__audit/axe.min.js";

export type Theme = "light" | "dark";

export interface AxeViolation {
  id: string;
  impact: NonNullable<ImpactValue> | "unknown";
  help: string;
  nodes: string[];
}

export interface AxeResult {
  violations: AxeViolation[];
  /** Console errors and Content-Security-Policy violations while the page loaded and was checked. */
  errors: string[];
  /** For a page with an `lcp` goal: what its largest paint was, and the misses found in it. */
  lcp?: { seen: string; misses: string[] };
}

/**
 * Loads the page as a person would (the page's own CSP applies: axe is served from the site's
 * origin by request interception rather than injected inline), waits for its content, then
 * runs every axe rule on it.
 */
export async function runAxe(
  browser: Browser,
  baseUrl: string,
  page: AuditPage,
  options: { theme: Theme; sessionValue?: string },
): Promise<AxeResult> {
  const context = await browser.newContext({
    viewport: { width: page.viewport.width, height: page.viewport.height },
    isMobile: page.viewport.mobile,
    hasTouch: page.viewport.mobile,
    deviceScaleFactor: page.viewport.mobile ? 3 : 1,
    colorScheme: options.theme,
    // Colours are read mid-transition otherwise.
    reducedMotion: "reduce",
  });
  try {
    if (options.sessionValue) {
      await context.addCookies([{ name: "graph_session", value: options.sessionValue, url: baseUrl }]);
    }
    await context.route(`${baseUrl}${AXE_PATH}`, (route) =>
      route.fulfill({ path: AXE_SCRIPT, contentType: "text/javascript; charset=utf-8" }),
    );
    const tab = await context.newPage();
    const errors: string[] = [];
    tab.on("console", (message) => {
      if (message.type() === "error") errors.push(`console: ${message.text()}`);
    });
    tab.on("pageerror", (error) => errors.push(`page error: ${error.message}`));
    await tab.addInitScript(() => {
      document.addEventListener("securitypolicyviolation", (event) => {
        console.error(`CSP violation: ${event.violatedDirective} blocked ${event.blockedURI || "inline code"}`);
      });
    });

    await tab.goto(`${baseUrl}${page.path}`);
    for (const ready of typeof page.ready === "string" ? [page.ready] : page.ready) {
      await tab.locator(ready).first().waitFor({ timeout: 30_000 });
    }
    await tab.waitForLoadState("networkidle");
    const lcp = page.lcp ? await largestPaint(tab, page.lcp.selector, page.lcp.what) : undefined;
    // AUDIT_SCREENSHOTS=<dir>: each page as audited, to look at.
    const shots = process.env.AUDIT_SCREENSHOTS;
    if (shots) {
      const name = `${fileName(page.label)}-${options.theme}.png`;
      await tab.screenshot({ path: join(shots, name) });
    }
    await tab.addScriptTag({ url: AXE_PATH });
    const results = await tab.evaluate(() =>
      (window as unknown as { axe: { run(context: Document): Promise<AxeResults> } }).axe.run(document),
    );
    return {
      violations: results.violations.map((v) => ({
        id: v.id,
        impact: v.impact ?? "unknown",
        help: v.help,
        nodes: v.nodes.map(
          (n) => `${n.target.join(" ")}${n.failureSummary ? ` — ${firstLine(n.failureSummary)}` : ""}`,
        ),
      })),
      errors,
      ...(lcp ? { lcp } : {}),
    };
  } finally {
    await context.close();
  }
}

/**
 * The page's Largest Contentful Paint as the browser saw it: it must be the first element matching
 * `selector`, a picture from the page's own origin, served at its size (its pixels cover the box
 * it is shown in at the screen's density, and the smaller width would not have).
 */
async function largestPaint(tab: Page, selector: string, what: string): Promise<{ seen: string; misses: string[] }> {
  const seen = await tab.evaluate(
    (selector) =>
      new Promise<{ matches: boolean; tag: string; src: string; natural: number; shown: number; dpr: number }>(
        (resolve) => {
          new PerformanceObserver((list) => {
            const entries = list.getEntries() as (PerformanceEntry & { element: Element | null })[];
            const element = entries.at(-1)?.element ?? null;
            const img = element instanceof HTMLImageElement ? element : null;
            resolve({
              matches: element !== null && element === document.querySelector(selector),
              tag: element ? element.tagName.toLowerCase() : "none",
              src: img?.currentSrc ?? "",
              // The width of the file the browser chose (naturalWidth is in CSS pixels once srcset chose by width).
              natural: img
                ? Number(
                    img.srcset
                      .split(",")
                      .map((candidate) => candidate.trim().split(/\s+/))
                      .find(([url]) => new URL(url!, location.href).href === img.currentSrc)?.[1]
                      ?.replace(/w$/, "") ?? img.naturalWidth,
                  )
                : 0,
              shown: img?.getBoundingClientRect().width ?? 0,
              dpr: window.devicePixelRatio,
            });
          }).observe({ type: "largest-contentful-paint", buffered: true });
        },
      ),
    selector,
  );
  const needed = Math.round(seen.shown * seen.dpr);
  const misses: string[] = [];
  if (!seen.matches) misses.push(`the largest paint is a <${seen.tag}>, not ${what}`);
  if (seen.src && new URL(seen.src).origin !== new URL(tab.url()).origin) {
    misses.push(`${what} comes from ${new URL(seen.src).origin}, not graph's origin`);
  }
  // The picture's widths are 320 and 640 (never enlarged): too few pixels is a blurred picture,
  // more than twice as many a larger download than the screen needs.
  if (seen.natural > 0 && seen.natural < Math.min(needed, 640) * 0.95) {
    misses.push(`${what} is ${seen.natural} px wide for ${needed} screen pixels (blurred)`);
  }
  if (seen.natural >= 2 * needed && seen.natural > 320) {
    misses.push(`${what} is ${seen.natural} px wide for ${needed} screen pixels (oversized)`);
  }
  const label = seen.src ? `${seen.src.replace(/^https?:\/\/[^/]+/, "")}, ${seen.natural} px for ${needed}` : seen.tag;
  return { seen: label, misses };
}

/** A page's label as a file name: `/home/read 390px` → `home-read-390px`. */
export function fileName(label: string): string {
  return label.replace(/[^\w]+/g, "-").replace(/^-|-$/g, "") || "root";
}

function firstLine(summary: string): string {
  return summary.split("\n").slice(1, 2).join("").trim() || summary.trim();
}
