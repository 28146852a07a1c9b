import { describe, expect, it } from "vitest";
import { dynamo, getTogether, itemRead } from "@graph/core/adapters/dynamo";
import { SeenEntity } from "../../packages/core/src/modules/feed/seen.entity.ts";
import { MuteListEntity } from "../../packages/core/src/modules/mutes/mute-list.entity.ts";
import { measure } from "../support/dynamo-costs.ts";

type Seen = { userId: string; articleId: string; seenAt: number; expiresAt: number };
type MuteList = { userId: string; words?: string[]; keys?: string[]; count?: number; changedAt?: number };

const seenRead = (userId: string, articleId: string) =>
  itemRead<Seen, "articleId", string | undefined>(
    SeenEntity,
    { userId, articleId },
    ["articleId"],
    (s) => s?.articleId,
  );

/** `getTogether`: items of several entities (and modules) in one batched read, each answered as its read says. */
describe("reading items of several entities together", () => {
  it("reads them in one request, each formatted by its entity with only its own attributes", async () => {
    const userId = `together-${Date.now()}`;
    await SeenEntity.put({ userId, articleId: "a-1", seenAt: 11, expiresAt: 12 }).go();
    await MuteListEntity.put({ userId, words: ["crypto", "golf"], keys: ["crypto", "golf"], count: 2 }).go();

    const { result, cost } = await measure(() =>
      getTogether({
        seen: itemRead<Seen, "articleId", unknown>(SeenEntity, { userId, articleId: "a-1" }, ["articleId"], (s) => s),
        mutes: itemRead<MuteList, "words" | "count", unknown>(MuteListEntity, { userId }, ["words", "count"], (m) => m),
        missing: itemRead<Seen, "articleId", string>(SeenEntity, { userId, articleId: "never" }, ["articleId"], (s) =>
          s === undefined ? "none" : "found",
        ),
      }),
    );

    expect(cost.byCommand).toEqual({ BatchGetItem: 1 });
    // The mute list's set reads as ElectroDB's get reads it (an array); neither item shows another read's attributes.
    expect(result.seen).toEqual({ articleId: "a-1" });
    expect(result.mutes).toEqual({ words: expect.arrayContaining(["crypto", "golf"]), count: 2 });
    expect((result.mutes as { words: string[] }).words).toHaveLength(2);
    expect(result.missing).toBe("none");
  });

  it("answers lists of reads in order, in as many requests as 100 keys each take", async () => {
    const userId = `together-many-${Date.now()}`;
    const marked = Array.from({ length: 120 }, (_, i) => `a-${i}`);
    await SeenEntity.put(marked.map((articleId) => ({ userId, articleId, seenAt: 1, expiresAt: 2 }))).go();
    const asked = marked.flatMap((id, i) => (i % 4 === 0 ? [id, `missing-${i}`] : [id]));

    const { result, cost } = await measure(() =>
      getTogether({ seen: asked.map((articleId) => seenRead(userId, articleId)) }),
    );

    expect(cost.byCommand).toEqual({ BatchGetItem: 2 });
    expect(result.seen).toEqual(asked.map((id) => (id.startsWith("missing") ? undefined : id)));
  });

  it("asks once for a key read twice, and answers both reads", async () => {
    const userId = `together-twice-${Date.now()}`;
    await SeenEntity.put({ userId, articleId: "a-1", seenAt: 1, expiresAt: 2 }).go();

    const { result, cost } = await measure(() =>
      getTogether({ first: seenRead(userId, "a-1"), again: [seenRead(userId, "a-1")] }),
    );

    expect(cost).toMatchObject({ requests: 1, read: 1 });
    expect(result).toEqual({ first: "a-1", again: ["a-1"] });
  });

  it("reads the whole request consistently when one of its reads must be", async () => {
    const userId = `together-consistent-${Date.now()}`;
    const sent: boolean[] = [];
    const name = `watchConsistency${Math.random().toString(36).slice(2)}`;
    dynamo().middlewareStack.add(
      (next, context) => async (args) => {
        if (context.commandName === "BatchGetItemCommand") {
          const input = args.input as { RequestItems: Record<string, { ConsistentRead?: boolean }> };
          sent.push(...Object.values(input.RequestItems).map((r) => r.ConsistentRead === true));
        }
        return next(args);
      },
      { step: "initialize", name },
    );
    try {
      await getTogether({ seen: seenRead(userId, "a-1") });
      await getTogether({
        seen: seenRead(userId, "a-1"),
        mutes: itemRead<MuteList, "words", unknown>(MuteListEntity, { userId }, ["words"], (m) => m, {
          consistent: true,
        }),
      });
    } finally {
      dynamo().middlewareStack.remove(name);
    }
    expect(sent).toEqual([false, true]);
  });

  it("answers empty lists for no reads, without a request", async () => {
    const { result, cost } = await measure(() => getTogether({ seen: [] as Array<ReturnType<typeof seenRead>> }));
    expect(result).toEqual({ seen: [] });
    expect(cost.requests).toBe(0);
  });
});
