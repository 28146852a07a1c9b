/**
 * Costs that exist for production and not for correctness, which a local runtime started for
 * tests may lower: it links them as `TestSettings` and names its stage TEST_STAGE. A deployment
 * links no TestSettings (infra defines none), and core refuses them under any other stage, so
 * no deployed stage can run on them.
 */
export const TEST_STAGE = "test";

export interface TestSettings {
  /** scrypt's N for new password hashes (production: 2^17). Each hash stores its own, so verifying is unchanged. */
  passwordHashCost?: number;
  /** Time allowed for a whole feed fetch, redirects and body included, in ms (production: 15 s). */
  feedFetchTimeoutMs?: number;
}

/** The links `testSettingsOf` reads: the app's stage and, from a test runtime only, its settings. */
export interface SettingsLinks {
  App?: { stage?: string };
  TestSettings?: TestSettings;
}

/**
 * The test settings the links carry: none when there are none (production's costs). Linked
 * under any stage but TEST_STAGE they are refused, so a misconfigured deployment fails loudly
 * instead of hashing passwords weakly.
 */
export function testSettingsOf(links: SettingsLinks): TestSettings {
  if (!("TestSettings" in links)) return {};
  const stage = "App" in links ? links.App?.stage : undefined;
  if (stage !== TEST_STAGE) {
    throw new Error(
      `TestSettings are linked to stage "${stage}": only a test runtime (stage "${TEST_STAGE}") may use them`,
    );
  }
  return links.TestSettings ?? {};
}
