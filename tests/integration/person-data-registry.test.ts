import { readdirSync, existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import {
  DELETION_STEPS,
  INTEREST_KINDS,
  INTERESTS,
  PERSON_DATA,
  SECTION_READS,
} from "@graph/core/workflows/person-data";
import { PROFILE_SECTIONS } from "@graph/core/modules/profile/rules";

const MODULES = resolve(import.meta.dirname, "../../packages/core/src/modules");

describe("the registry of per-person data", () => {
  it("holds every module's declaration: a module that keeps a person's data cannot be forgotten by deletion", async () => {
    const declaring = readdirSync(MODULES).filter((m) => existsSync(join(MODULES, m, "person-data.ts")));
    expect(declaring.length).toBeGreaterThan(0);
    for (const module of declaring) {
      const { personData } = (await import(join(MODULES, module, "person-data.ts"))) as { personData: unknown };
      expect(PERSON_DATA, module).toContain(personData);
    }
    expect(PERSON_DATA).toHaveLength(declaring.length);
  });

  it("gives each deletion step a unique name, sign-in first, interests after every holder, names last", () => {
    const names = DELETION_STEPS.map((s) => s.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names[0]).toBe("sign-in");
    expect(names.at(-1)).toBe("names");
    const holders = PERSON_DATA.filter((d) => "interests" in d).map((d) => d.deletion.name);
    for (const holder of holders) expect(names.indexOf(holder), holder).toBeLessThan(names.indexOf("interests"));
  });

  it("names each kind of interest once, each shown by a profile section that has a read", () => {
    expect(new Set(INTEREST_KINDS).size).toBe(INTEREST_KINDS.length);
    expect([...INTEREST_KINDS].sort()).toEqual([
      "article",
      "artist",
      "book",
      "channel",
      "movie",
      "topic",
      "track",
      "video",
    ]);
    for (const interest of INTERESTS) {
      expect(PROFILE_SECTIONS, interest.kind).toContain(interest.section);
      expect(Object.keys(SECTION_READS), interest.kind).toContain(interest.section);
    }
  });
});
