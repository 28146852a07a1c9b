import { Resource } from "sst";
import { testSettingsOf, type TestSettings } from "./rules.ts";

export { TEST_STAGE, testSettingsOf, type TestSettings } from "./rules.ts";

/**
 * The linked test settings (see rules.ts): empty everywhere but a local runtime started for
 * tests. The links' types name only what infra defines, and infra defines no TestSettings.
 */
export function testSettings(): TestSettings {
  return testSettingsOf(Resource);
}
