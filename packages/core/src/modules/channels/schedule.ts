import { ChannelQueue, enqueue } from "../../adapters/queues/index.ts";
import { isConditionFailure, transact, type WriteOp } from "../../adapters/dynamo/index.ts";
import * as Digest from "../digest/index.ts";
import { ChannelOwnerEntity, ChannelScheduleEntity } from "./channel.entity.ts";

/** The writes that move a person's schedule item from one delivery time's slot to another's. */
export function moveSchedule(userId: string, from: number | undefined, to: number | undefined): WriteOp[] {
  const ops: WriteOp[] = [];
  const sameSlot = from !== undefined && to !== undefined && Digest.slotOf(from) === Digest.slotOf(to);
  if (from !== undefined && !sameSlot) ops.push(ChannelScheduleEntity.delete({ slot: Digest.slotOf(from), userId }));
  if (to !== undefined) ops.push(ChannelScheduleEntity.put({ slot: Digest.slotOf(to), userId, sendAt: to }));
  return ops;
}

/** The next delivery after `after`: the person's digest time, daily, in their zone. */
export async function nextDeliveryAfter(userId: string, after: number): Promise<number> {
  const { minutes, zone } = await Digest.dailyTime(userId);
  return Digest.nextSendAfter(after, minutes, zone);
}

/**
 * Puts the person's next delivery where their channels and digest time say: at the next digest
 * time while they have channels, nowhere without. On condition nobody moved it meanwhile (a
 * race is left to the other writer, who read later). Called when a channel is added or removed
 * and when the digest time changes.
 */
export async function reschedule(userId: string, now = Date.now()): Promise<void> {
  const { data: owner } = await ChannelOwnerEntity.get({ userId }).go({ consistent: true });
  const from = owner?.nextSendAt;
  const to = owner && (owner.count ?? 0) > 0 ? await nextDeliveryAfter(userId, now) : undefined;
  if (from === to || !owner) return;
  const patch =
    to === undefined
      ? ChannelOwnerEntity.patch({ userId }).remove(["nextSendAt"])
      : ChannelOwnerEntity.patch({ userId }).set({ nextSendAt: to });
  const result = await transact([
    patch.where((attr, op) => (from === undefined ? op.notExists(attr.nextSendAt) : op.eq(attr.nextSendAt, from))),
    ...moveSchedule(userId, from, to),
  ]);
  if (result.canceled && result.reasons[0] !== "ConditionalCheckFailed")
    throw new Error(`the channel schedule of ${userId} could not be moved: ${result.reasons.join(", ")}`);
}

/**
 * Moves the person from the delivery at `from` to the one after it, on condition they are still
 * there (another run, or a change of time, moved them otherwise: theirs to handle).
 */
export async function advance(userId: string, from: number, to: number | undefined): Promise<void> {
  const patch =
    to === undefined
      ? ChannelOwnerEntity.patch({ userId }).remove(["nextSendAt"])
      : ChannelOwnerEntity.patch({ userId }).set({ nextSendAt: to });
  const result = await transact([
    patch.where((attr, op) => op.eq(attr.nextSendAt, from)),
    ...moveSchedule(userId, from, to),
  ]);
  if (result.canceled && !result.reasons.includes("ConditionalCheckFailed"))
    throw new Error(`the channel schedule of ${userId} could not advance: ${result.reasons.join(", ")}`);
}

/** Slots an explicit run reads back from its own (as the digest's run does). */
const RUN_SLOTS = 8;

/**
 * Queues a delivery for everyone whose digest time has come in the last two hours and who has
 * channels (the digest job runs it beside the e-mail's). A delivery already made is found by its
 * send records, so reading a slot twice sends nothing twice.
 */
export async function queueDue(now = Date.now()): Promise<{ due: number }> {
  const current = Digest.slotOf(now);
  const slots = Array.from({ length: RUN_SLOTS + 1 }, (_, i) => current - RUN_SLOTS + i);
  const found = await Promise.all(
    slots.map((slot) =>
      ChannelScheduleEntity.query.bySlot({ slot }).go({ pages: "all", attributes: ["userId", "sendAt"] }),
    ),
  );
  const due = found.flatMap(({ data }, i) =>
    data
      .filter((d) => d.sendAt <= now)
      .map((d) => ({ kind: "deliver" as const, userId: d.userId, slot: slots[i]!, now })),
  );
  await enqueue(ChannelQueue, due);
  return { due: due.length };
}

/** Removes a person's schedule (their last channel went, or their account). */
export async function unschedule(userId: string): Promise<void> {
  const { data: owner } = await ChannelOwnerEntity.get({ userId }).go({ consistent: true });
  if (owner?.nextSendAt !== undefined) await transact(moveSchedule(userId, owner.nextSendAt, undefined));
  await ChannelOwnerEntity.delete({ userId })
    .go()
    .catch((error: unknown) => {
      if (!isConditionFailure(error)) throw error;
    });
}
