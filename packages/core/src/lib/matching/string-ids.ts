/** An absent string. */
export const ABSENT = -1;
/** Load above which the table doubles (linear probing stays short below this). */
const MAX_LOAD = 0.5;
/**
 * Hashes are seeded per process, so text written to make many words share a slot in one process
 * does not in another (the keys come from topics and articles, which anyone can write).
 */
const SEED = (Math.random() * 0x1_0000_0000) | 0;

/**
 * Int32s per slot: the key's hash, its value (ABSENT: the slot is empty), where its characters
 * start in the pool, how many, then its first INLINE characters two to an int.
 */
const SLOT = 8;
/** Characters of a key kept in its slot too: a key this short is compared without reading the pool. */
const INLINE = 8;

/**
 * A map of strings to numbers (0 or more), for the look-ups matching makes for every word of
 * every article: the phrase matcher's token ids, the related matcher's term numbers.
 *
 * A `Map<string, number>` answers the same, but over a dictionary of 200,000 terms most of a
 * related match's time went in its look-ups: a `Map` walks a chain of entries, each somewhere
 * else in memory and each comparing a key string that is somewhere else again, and a word that
 * is not there (most of an article's) walks the whole chain. Here a slot (hash, value, where the
 * key's characters are in one pool, and its first eight characters) is 32 bytes of one typed
 * array, probed linearly at most half full: a string that is not there costs about one read of
 * memory, and so does one that is, if it is at most eight characters long (most words); a longer
 * one reads the pool too.
 *
 * Keys removed leave their characters in the pool until it is compacted (when it grows, or once
 * more than half of it is dead).
 */
export class StringIds {
  private slots: Int32Array;
  private mask: number;
  private count = 0;
  private pool: Uint16Array;
  private poolTop = 0;
  /** Pool units of keys since removed. */
  private dead = 0;

  constructor(capacity = 16) {
    let slots = 16;
    while (slots * MAX_LOAD < capacity) slots *= 2;
    this.mask = slots - 1;
    this.slots = new Int32Array(slots * SLOT).fill(ABSENT);
    this.pool = new Uint16Array(Math.max(64, capacity * 8));
  }

  get size(): number {
    return this.count;
  }

  /** The key's value, or ABSENT. */
  get(key: string): number {
    const hash = hashOf(key);
    const { slots, mask } = this;
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const at = slot * SLOT;
      const value = slots[at + 1]!;
      if (value === ABSENT) return ABSENT;
      if (slots[at] === hash && slots[at + 3] === key.length && this.holds(at, key)) return value;
    }
  }

  has(key: string): boolean {
    return this.get(key) !== ABSENT;
  }

  /** Sets a key's value (0 or more), replacing any it had. */
  set(key: string, value: number): void {
    this.put(key, value, true);
  }

  /** Sets a key's value unless it has one; answers whether it was added (one look-up, not two). */
  add(key: string, value: number): boolean {
    return this.put(key, value, false);
  }

  private put(key: string, value: number, replace: boolean): boolean {
    if (!(Number.isInteger(value) && value >= 0 && value <= 0x7fff_ffff)) throw new RangeError(`not a value: ${value}`);
    const hash = hashOf(key);
    let slot = this.find(key, hash);
    if (this.slots[slot * SLOT + 1] !== ABSENT) {
      if (replace) this.slots[slot * SLOT + 1] = value;
      return false;
    }
    // Compacting moves characters, never slots: `slot` stays the empty slot the key goes in.
    if (this.poolTop + key.length > this.pool.length) this.compact(key.length);
    const start = this.poolTop;
    for (let i = 0; i < key.length; i++) this.pool[start + i] = key.charCodeAt(i);
    this.poolTop += key.length;
    if (this.count + 1 > (this.mask + 1) * MAX_LOAD) {
      this.resize((this.mask + 1) * 2);
      slot = hash & this.mask;
      while (this.slots[slot * SLOT + 1] !== ABSENT) slot = (slot + 1) & this.mask;
    }
    this.fill(slot, hash, value, start, key.length);
    const at = slot * SLOT;
    for (let i = 0; i < INLINE / 2; i++) this.slots[at + 4 + i] = pair(key, 2 * i);
    this.count++;
    return true;
  }

  /** Removes every key, keeping the room they took (a table reused for many small sets). */
  clear(): void {
    if (this.count === 0 && this.poolTop === 0) return;
    this.slots.fill(ABSENT);
    this.count = 0;
    this.poolTop = 0;
    this.dead = 0;
  }

  /** Removes a key; answers whether it was there. */
  delete(key: string): boolean {
    const { slots, mask } = this;
    let hole = this.find(key, hashOf(key));
    if (slots[hole * SLOT + 1] === ABSENT) return false;
    this.dead += key.length;
    // Backward-shift deletion (no tombstones): later entries of the run move up into the hole
    // unless their home slot lies cyclically in (hole, next].
    for (let next = (hole + 1) & mask; slots[next * SLOT + 1] !== ABSENT; next = (next + 1) & mask) {
      const at = next * SLOT;
      const home = slots[at]! & mask;
      const stays = hole <= next ? hole < home && home <= next : hole < home || home <= next;
      if (stays) continue;
      slots.copyWithin(hole * SLOT, at, at + SLOT);
      hole = next;
    }
    slots[hole * SLOT + 1] = ABSENT;
    this.count--;
    if (this.dead * 2 > this.poolTop) this.compact(0);
    return true;
  }

  /** Whether the slot at `at` holds `key` (its hash and length already compared). */
  private holds(at: number, key: string): boolean {
    const slots = this.slots;
    if (key.length <= INLINE) {
      for (let i = 0; 2 * i < key.length; i++) if (slots[at + 4 + i] !== pair(key, 2 * i)) return false;
      return true;
    }
    const pool = this.pool;
    const start = slots[at + 2]!;
    for (let i = 0; i < key.length; i++) if (pool[start + i] !== key.charCodeAt(i)) return false;
    return true;
  }

  /** The slot holding `key`, or the empty slot ending its run. */
  private find(key: string, hash: number): number {
    const { slots, mask } = this;
    let slot = hash & mask;
    for (; slots[slot * SLOT + 1] !== ABSENT; slot = (slot + 1) & mask) {
      const at = slot * SLOT;
      if (slots[at] === hash && slots[at + 3] === key.length && this.holds(at, key)) break;
    }
    return slot;
  }

  private fill(slot: number, hash: number, value: number, start: number, length: number): void {
    const at = slot * SLOT;
    this.slots[at] = hash;
    this.slots[at + 1] = value;
    this.slots[at + 2] = start;
    this.slots[at + 3] = length;
  }

  private resize(capacity: number): void {
    const old = this.slots;
    this.mask = capacity - 1;
    this.slots = new Int32Array(capacity * SLOT).fill(ABSENT);
    for (let at = 0; at < old.length; at += SLOT) {
      if (old[at + 1] === ABSENT) continue;
      let slot = old[at]! & this.mask;
      while (this.slots[slot * SLOT + 1] !== ABSENT) slot = (slot + 1) & this.mask;
      this.slots.set(old.subarray(at, at + SLOT), slot * SLOT);
    }
  }

  /** Copies the live keys' characters into a pool with room for `more` units. */
  private compact(more: number): void {
    const live = this.poolTop - this.dead;
    let size = this.pool.length;
    while (size < 2 * (live + more)) size *= 2;
    const pool = new Uint16Array(size);
    let top = 0;
    const slots = this.slots;
    for (let at = 0; at < slots.length; at += SLOT) {
      if (slots[at + 1] === ABSENT) continue;
      const start = slots[at + 2]!;
      const length = slots[at + 3]!;
      pool.set(this.pool.subarray(start, start + length), top);
      slots[at + 2] = top;
      top += length;
    }
    this.pool = pool;
    this.poolTop = top;
    this.dead = 0;
  }
}

/** Two UTF-16 code units of `key` from `i` as one int (past its end, zero). */
function pair(key: string, i: number): number {
  return (i < key.length ? key.charCodeAt(i) : 0) | (i + 1 < key.length ? key.charCodeAt(i + 1) << 16 : 0);
}

/** FNV-1a over the UTF-16 code units, seeded, then mixed so the low bits (the slot) depend on every unit. */
function hashOf(key: string): number {
  let h = 0x811c9dc5 ^ SEED;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193);
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return h ^ (h >>> 16);
}
