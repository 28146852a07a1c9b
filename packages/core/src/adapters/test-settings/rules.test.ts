import { describe, expect, it } from "vitest";
import { TEST_STAGE, testSettingsOf } from "./rules.ts";

const lowered = { passwordHashCost: 2 ** 10, feedFetchTimeoutMs: 5_000 };

describe("test settings", () => {
  it("are none where nothing links them, whatever the stage: production's costs", () => {
    expect(testSettingsOf({ App: { stage: "production" } })).toEqual({});
    expect(testSettingsOf({ App: { stage: TEST_STAGE } })).toEqual({});
    expect(testSettingsOf({})).toEqual({});
  });

  it("are taken from a runtime that names its stage the test stage", () => {
    expect(testSettingsOf({ App: { stage: TEST_STAGE }, TestSettings: lowered })).toEqual(lowered);
  });

  it("are refused under any other stage, so no deployment or `npm start` can lower production's costs", () => {
    for (const stage of ["production", "local", "staging", "tests", ""]) {
      expect(() => testSettingsOf({ App: { stage }, TestSettings: lowered }), stage).toThrow(/only a test runtime/);
    }
    expect(() => testSettingsOf({ TestSettings: lowered })).toThrow(/only a test runtime/);
  });
});
