import type { Page } from "playwright-core";
import { expect } from "vitest";
import { reopenFeed, type Server } from "../support.ts";

/**
 * Browser steps for related terms, composed by a browser test that signs up once.
 *
 * `learnRelatedTerms`: builds the background of related terms (the scheduled `vocabulary` job)
 * so phrases learn their strong terms from the trusted articles that name them, and the
 * articles read before are matched again through them (queued work, done in the background).
 *
 * `seesViaChip`: given a signed-in page whose person follows `topic` and a stored article that
 * never names it but carries its strong terms, the feed on /home shows that article with the
 * topic's chip reading '<topic> · via <term>, <term>'. The person's feed is marked out of date
 * first (as a cleared refresh does), so a feed shown before the article matched is not reused.
 */
export async function learnRelatedTerms(server: Server): Promise<void> {
  const run = await fetch(`${server.url}/api/dev/jobs/vocabulary`, { method: "POST" });
  expect(run.status).toBe(200);
}

export async function seesViaChip(page: Page, server: Server, topic: string): Promise<void> {
  const chip = page.getByTestId("article-via").filter({ hasText: `${topic} · via ` });
  await expect
    .poll(
      async () => {
        await page.request.post(`${server.url}/api/users/clear_last_feed_refresh_at`, {
          headers: { origin: server.url },
        });
        await reopenFeed(page, server);
        return chip.count();
      },
      { timeout: 60_000, interval: 1_000 },
    )
    .toBeGreaterThan(0);
  const text = await chip.first().innerText();
  // At least two terms: one shared term never matches.
  expect(text).toMatch(new RegExp(`^${topic} · via [^,]+, .+`));
  expect(await chip.first().isVisible()).toBe(true);
}
