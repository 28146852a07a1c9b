import { DynamoDBDocumentClient, QueryCommand } from "@aws-sdk/lib-dynamodb";
import * as Digest from "@graph/core/modules/digest";
import { dynamo } from "@graph/core/adapters/dynamo";
import { DigestScheduleEntity } from "../../packages/core/src/modules/digest/digest-schedule.entity.ts";
import { row, sample } from "./stats.ts";

const PEOPLE = 100_000;
const SLOTS_PER_DAY = 96;
/** A quarter of everyone keeps the default time (10:00 in Los Angeles): the busiest slot. */
const AT_DEFAULT = 0.25;

/** Items the table read to answer the slot's query (DynamoDB's ScannedCount, every page). */
async function itemsRead(slot: number): Promise<number> {
  const client = DynamoDBDocumentClient.from(dynamo());
  const params = DigestScheduleEntity.query.bySlot({ slot }).params() as Record<string, unknown>;
  let read = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const page = await client.send(new QueryCommand({ ...(params as object), ExclusiveStartKey: start } as never));
    read += page.ScannedCount ?? 0;
    start = page.LastEvaluatedKey;
  } while (start);
  return read;
}

/**
 * Choosing who is due for one 15-minute slot among 100,000 people with the digest on: the job
 * reads one schedule partition, so the items read should equal the people due — not 100,000.
 */
export async function digestBench() {
  const day0 = Digest.slotOf(Date.UTC(2026, 10, 23));
  const defaultSlot = day0 + 72; // 18:00 UTC: 10:00 in Los Angeles in winter
  const due = new Map<number, number>();
  const people = Array.from({ length: PEOPLE }, (_, i) => {
    const slot = i < PEOPLE * AT_DEFAULT ? defaultSlot : day0 + ((i * 7919) % SLOTS_PER_DAY);
    due.set(slot, (due.get(slot) ?? 0) + 1);
    return { slot, userId: `bench-${i}`, sendAt: slot * Digest.SLOT_MS };
  });
  const seeded = performance.now();
  for (let i = 0; i < people.length; i += 2_500) {
    const { unprocessed } = await DigestScheduleEntity.put(people.slice(i, i + 2_500)).go();
    if (unprocessed.length) throw new Error(`${unprocessed.length} schedule items not written`);
  }
  const seedSeconds = (performance.now() - seeded) / 1000;

  const quiet = day0 + 3;
  console.log(
    `\n## digest: who is due in one slot, among ${PEOPLE.toLocaleString("en")} people (seeded in ${seedSeconds.toFixed(0)} s)`,
  );
  for (const [label, slot] of [
    ["busiest slot (the default 10:00 Los Angeles)", defaultSlot],
    ["an ordinary slot", quiet],
  ] as const) {
    const found = await Digest.dueIn(slot, slot);
    const read = await itemsRead(slot);
    const timing = await sample(10, () => Digest.dueIn(slot, slot), 2);
    console.log(row(`dueIn, ${label}`, timing));
    console.log(
      `  people due ${due.get(slot)}, found ${found.length}, items read ${read} (${read === due.get(slot) ? "equal" : "NOT equal"}; reading every person would read ${PEOPLE.toLocaleString("en")})`,
    );
  }
}
