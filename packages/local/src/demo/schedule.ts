import { createHash } from "node:crypto";
import type { DemoEntry, DemoSourceData } from "./types.ts";

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/**
 * Most entries recur every two days and the rest once a month, each at its own fixed phase. At any
 * moment a little over a third of the corpus is less than a day old, a handful of items appear
 * every hour, and the oldest are about thirty days old. A recurrence is a new item (its link and
 * id carry its date), so a long-running instance keeps receiving fresh articles.
 */
export const FRESH_PERIOD = 2 * DAY;
export const ARCHIVE_PERIOD = 30 * DAY;
/** Gap between the copies of one story in different sources. */
const STORY_GAP = 37 * MINUTE;

export interface Slot {
  period: number;
  /** Offset within the period, in ms since the epoch modulo `period`. */
  phase: number;
}

/** A deterministic number in [0, 1) for a key. */
export function unitHash(key: string): number {
  return createHash("sha256").update(key).digest().readUInt32BE(0) / 2 ** 32;
}

/** Publication slots for every entry of every source, indexed [source][entry]. */
export function computeSlots(sources: readonly DemoSourceData[]): Slot[][] {
  const slots: Slot[][] = sources.map((s) => new Array<Slot>(s.entries.length));
  type Ref = { s: number; i: number; key: string };
  const fresh: Ref[] = [];
  const archive: Ref[] = [];
  const stories = new Map<string, Ref[]>();

  sources.forEach((source, s) => {
    source.entries.forEach((entry: DemoEntry, i) => {
      const ref = { s, i, key: `${source.id}#${i}` };
      if (entry.story) {
        const group = stories.get(entry.story) ?? [];
        group.push(ref);
        stories.set(entry.story, group);
        if (group.length > 1) return; // placed after its first copy
        fresh.push(ref);
      } else if (i % 4 === 3) archive.push(ref);
      else fresh.push(ref);
    });
  });

  const spread = (refs: Ref[], period: number) => {
    // Interleave sources so each one publishes evenly over the period.
    refs.sort((a, b) => a.i - b.i || a.s - b.s);
    const step = period / refs.length;
    refs.forEach((ref, j) => {
      const phase = Math.floor(((j + 0.8 * unitHash(ref.key)) * step) / 1000) * 1000;
      slots[ref.s]![ref.i] = { period, phase };
    });
  };
  spread(fresh, FRESH_PERIOD);
  spread(archive, ARCHIVE_PERIOD);

  for (const group of stories.values()) {
    const first = slots[group[0]!.s]![group[0]!.i]!;
    group.slice(1).forEach((ref, k) => {
      slots[ref.s]![ref.i] = { period: first.period, phase: (first.phase + (k + 1) * STORY_GAP) % first.period };
    });
  }
  return slots;
}

/** The hour `now` falls in: everything rendered depends on `now` only through this. */
export function hourOf(now: number): number {
  return Math.floor(now / HOUR) * HOUR;
}

/** The latest occurrence of a slot at or before `at`. */
export function latestOccurrence(slot: Slot, at: number): number {
  const since = (((at - slot.phase) % slot.period) + slot.period) % slot.period;
  return at - since;
}
