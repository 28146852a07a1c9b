import { describe, expect, it } from "vitest";
import {
  skippedName,
  unskipFailedText,
  unskippedText,
  withSkipped,
  withoutSkipped,
  type SkippedTopic,
} from "./skipped-topics.ts";

const skipped = (id: string, skippedAt: number, topic: string | null = `Topic ${id}`): SkippedTopic => ({
  id,
  topic,
  skippedAt,
});

describe("the skipped topics list", () => {
  it("takes a topic out, and puts it back in its place, the latest skipped first", () => {
    const list = [skipped("c", 30), skipped("b", 20), skipped("a", 10)];
    const without = withoutSkipped(list, "b");
    expect(without.map((s) => s.id)).toEqual(["c", "a"]);
    expect(withSkipped(without, list[1]!).map((s) => s.id)).toEqual(["c", "b", "a"]);
    // Twice the same topic stays one; an unknown id changes nothing.
    expect(withSkipped(list, list[0]!)).toEqual(list);
    expect(withoutSkipped(list, "zz")).toEqual(list);
  });

  it("names a topic graph no longer knows, and words what happened", () => {
    expect(skippedName(skipped("a", 1, "Sea Otters"))).toBe("Sea Otters");
    expect(skippedName(skipped("a", 1, null))).toBe("a topic graph no longer knows");
    expect(unskippedText(skipped("a", 1, "Sea Otters"))).toBe("un-skipped Sea Otters. graph may suggest it again.");
    expect(unskipFailedText(skipped("a", 1, "Sea Otters"))).toBe("couldn't un-skip Sea Otters. please try again.");
  });
});
