/// <reference lib="dom" />
import { createRequire } from "node:module";
import type { Browser } from "playwright-core";
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
    };
  } finally {
    await context.close();
  }
}

function firstLine(summary: string): string {
  return summary.split("\n").slice(1, 2).join("").trim() || summary.trim();
}
