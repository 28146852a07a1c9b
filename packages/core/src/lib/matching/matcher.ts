import { tokenize, tokenizeArticle, type ArticleTokens } from "./rules.ts";
import { ABSENT, StringIds } from "./string-ids.ts";

/** How one dictionary phrase occurred in one article. */
export interface ArticleMatch {
  /** The phrase key (see `phraseKey`). */
  phrase: string;
  inTitle: boolean;
  titleCount: number;
  bodyCount: number;
}

/** No node, no token (as `StringIds` answers for a string it does not hold). */
const NONE = ABSENT;
const ROOT = 0;
/** Edge table load above which it doubles (linear probing stays short below this). */
const MAX_LOAD = 0.6;
/** How many matched phrases keep their spelling between matches. */
const SPELT_CACHE = 1 << 16;

/**
 * A multi-pattern matcher over tokens: every phrase of the dictionary (everyone's topics) is found
 * in one pass over an article, whatever the number of people or topics.
 *
 * Shape: a trie keyed by token ids. From every start position the trie is walked forward while the
 * next token continues some phrase, so the walk is bounded by the longest phrase (and in practice
 * ends at the first step: most tokens start no phrase). Every terminal node passed is a match, so
 * overlapping and nested phrases ('neural network', 'network') all match. Aho-Corasick would save
 * the re-walk from each start, but with phrases of a few tokens that saving is small, and its
 * failure links depend on the whole dictionary: removing a phrase would mean repairing links all
 * over the automaton. The trie changes only along the phrase's own path, so `add` and `remove` cost
 * O(phrase length) and the structure is never rebuilt.
 *
 * Memory: tokens are interned to small integers (a token's id is freed when no phrase uses it)
 * through a `StringIds`, which every token of every article is looked up in;
 * nodes live in typed arrays (parent, incoming token, child count, terminal flag); the root's
 * children are an array indexed by token id, and every other edge sits in one open-addressing
 * hash table keyed by (parent, token) with linear probing and backward-shift deletion (no
 * tombstones). Phrase strings are not stored: a matched phrase is spelt by walking its node up to
 * the root, and the spellings of recently matched phrases are cached (at most 65,536 of them).
 * Arrays grow by doubling, which is amortised O(1) per insertion.
 *
 * Keys given to `add`, `remove` and `has` are normalised with `tokenize`, so a raw topic and its
 * `phraseKey` name the same phrase; matches report the phrase key.
 */
export class PhraseMatcher {
  // Vocabulary: token text <-> id, with the number of trie nodes entered by each token.
  private readonly tokenIds = new StringIds();
  private tokenText: string[] = [];
  private tokenRefs = new Int32Array(256);
  private rootChild = new Int32Array(256).fill(NONE);
  private readonly freeTokens: number[] = [];

  // Nodes. Node 0 is the root.
  private parent = new Int32Array(256);
  private token = new Int32Array(256);
  private childCount = new Int32Array(256);
  private terminal = new Uint8Array(256);
  private nodeTop = 1;
  private readonly freeNodes: number[] = [];

  // Non-root edges: (edgeParent, edgeToken) -> edgeChild; edgeChild NONE marks an empty slot.
  private edgeParent = new Int32Array(256);
  private edgeToken = new Int32Array(256);
  private edgeChild = new Int32Array(256).fill(NONE);
  private edgeMask = 255;
  private edgeCount = 0;

  private phraseCount = 0;
  /** phrasesOfLength[n]: how many phrases have n tokens. */
  private readonly phrasesOfLength: number[] = [0];
  private longest = 0;
  /** Recently matched phrases, spelt: node -> phrase key. Bounded; emptied when full. */
  private readonly spelt = new Map<number, string>();
  /** Token ids of the text being matched, reused between calls. */
  private ids = new Int32Array(1024);
  /** Per node, its occurrences in the title and in the body of the article being matched (zero between calls). */
  private titleHits = new Int32Array(0);
  private bodyHits = new Int32Array(0);
  /** The nodes matched in the article being matched, in order of first occurrence. */
  private readonly hitNodes: number[] = [];

  /** Number of phrases in the dictionary. */
  get size(): number {
    return this.phraseCount;
  }

  /** Number of tokens of the longest phrase (0 when empty). */
  get maxPhraseLength(): number {
    return this.longest;
  }

  /** Adds a phrase; adding one already present does nothing. Empty phrases are ignored. */
  add(key: string): void {
    const tokens = tokenize(key);
    if (tokens.length === 0) return;
    let node = ROOT;
    for (const text of tokens) {
      let id = this.tokenIds.get(text);
      if (id === ABSENT) id = this.intern(text);
      let child = node === ROOT ? this.rootChild[id]! : this.findEdge(node, id);
      if (child === NONE) child = this.newChild(node, id);
      node = child;
    }
    if (this.terminal[node]) return;
    this.terminal[node] = 1;
    this.phraseCount++;
    const n = tokens.length;
    while (this.phrasesOfLength.length <= n) this.phrasesOfLength.push(0);
    this.phrasesOfLength[n]!++;
    if (n > this.longest) this.longest = n;
  }

  /** Removes a phrase; other phrases, including ones it overlaps or contains, keep matching. */
  remove(key: string): void {
    const tokens = tokenize(key);
    let node = this.find(tokens);
    if (node === NONE || !this.terminal[node]) return;
    this.terminal[node] = 0;
    this.spelt.delete(node);
    this.phraseCount--;
    this.phrasesOfLength[tokens.length]!--;
    while (this.longest > 0 && this.phrasesOfLength[this.longest] === 0) this.longest--;
    // Prune the path back to the nearest node still in use.
    while (node !== ROOT && !this.terminal[node] && this.childCount[node] === 0) {
      const up = this.parent[node]!;
      this.unlink(node);
      node = up;
    }
  }

  has(key: string): boolean {
    const node = this.find(tokenize(key));
    return node !== NONE && this.terminal[node] === 1;
  }

  /**
   * Every occurrence of every phrase in `tokens` (as answered by `tokenize`): phrase key -> start
   * positions, ascending. Phrases match only as adjacent tokens.
   */
  match(tokens: readonly string[]): Map<string, number[]> {
    const hits = new Map<number, number[]>();
    this.scan(tokens, (node, start) => {
      const starts = hits.get(node);
      if (starts) starts.push(start);
      else hits.set(node, [start]);
    });
    const out = new Map<string, number[]>();
    for (const [node, starts] of hits) out.set(this.spell(node), starts);
    return out;
  }

  /**
   * Matches an article's title and body, each tokenised on its own (a phrase never spans the two).
   * One entry per phrase found, phrases found in the title first, each group in order of first
   * occurrence. The article's language (a BCP 47 tag, when known) decides whether English plural
   * folding applies to its words (see `tokenize`).
   */
  matchArticle(article: { title: string; body: string; language?: string }): ArticleMatch[] {
    return this.matchTokens(tokenizeArticle(article));
  }

  /** `matchArticle` over an article already tokenised (`tokenizeArticle`). */
  matchTokens(article: ArticleTokens): ArticleMatch[] {
    if (this.phraseCount === 0) return [];
    if (this.titleHits.length < this.parent.length) {
      this.titleHits = new Int32Array(this.parent.length);
      this.bodyHits = new Int32Array(this.parent.length);
    }
    const { titleHits, bodyHits, hitNodes } = this;
    this.count(article.title, titleHits, bodyHits);
    this.count(article.body, bodyHits, titleHits);
    const matches: ArticleMatch[] = [];
    for (const node of hitNodes) {
      const titleCount = titleHits[node]!;
      const bodyCount = bodyHits[node]!;
      titleHits[node] = 0;
      bodyHits[node] = 0;
      matches.push({ phrase: this.spell(node), inTitle: titleCount > 0, titleCount, bodyCount });
    }
    hitNodes.length = 0;
    return matches;
  }

  // -------------------------------------------------------------------------------------------

  /**
   * Counts every phrase occurrence in `tokens` into `hits` (per node), noting in `hitNodes` each
   * node seen for the first time in either `hits` or `other`: no allocation per occurrence.
   */
  private count(tokens: readonly string[], hits: Int32Array, other: Int32Array): void {
    const n = this.resolve(tokens);
    const { ids, rootChild, terminal, childCount, hitNodes } = this;
    for (let start = 0; start < n; start++) {
      const first = ids[start]!;
      if (first === NONE) continue;
      let node = rootChild[first]!;
      let at = start;
      while (node !== NONE) {
        if (terminal[node] === 1) {
          if (hits[node] === 0 && other[node] === 0) hitNodes.push(node);
          hits[node]!++;
        }
        if (childCount[node] === 0 || ++at >= n) break;
        const next = ids[at]!;
        if (next === NONE) break;
        node = this.findEdge(node, next);
      }
    }
  }

  /** Puts the token ids of `tokens` (NONE for a token no phrase has) in `ids`; answers how many. */
  private resolve(tokens: readonly string[]): number {
    const n = tokens.length;
    if (n === 0 || this.phraseCount === 0) return 0;
    if (this.ids.length < n) this.ids = new Int32Array(Math.max(n, this.ids.length * 2));
    const ids = this.ids;
    const tokenIds = this.tokenIds;
    // ABSENT is NONE: a token no phrase has.
    for (let i = 0; i < n; i++) ids[i] = tokenIds.get(tokens[i]!);
    return n;
  }

  /** Calls `hit(node, start)` for every phrase occurrence, in order of start then length. */
  private scan(tokens: readonly string[], hit: (node: number, start: number) => void): void {
    const n = this.resolve(tokens);
    if (n === 0) return;
    const ids = this.ids;
    const rootChild = this.rootChild;
    const terminal = this.terminal;
    const childCount = this.childCount;
    for (let start = 0; start < n; start++) {
      const first = ids[start]!;
      if (first === NONE) continue;
      let node = rootChild[first]!;
      let at = start;
      while (node !== NONE) {
        if (terminal[node] === 1) hit(node, start);
        if (childCount[node] === 0 || ++at >= n) break;
        const next = ids[at]!;
        if (next === NONE) break;
        node = this.findEdge(node, next);
      }
    }
  }

  /** The node of a token sequence, or NONE. */
  private find(tokens: readonly string[]): number {
    if (tokens.length === 0) return NONE;
    let node = ROOT;
    for (const text of tokens) {
      const id = this.tokenIds.get(text);
      if (id === ABSENT) return NONE;
      node = node === ROOT ? this.rootChild[id]! : this.findEdge(node, id);
      if (node === NONE) return NONE;
    }
    return node;
  }

  /** The phrase key a terminal node stands for. */
  private spell(node: number): string {
    const known = this.spelt.get(node);
    if (known !== undefined) return known;
    let phrase = this.tokenText[this.token[node]!]!;
    for (let at = this.parent[node]!; at !== ROOT; at = this.parent[at]!)
      phrase = `${this.tokenText[this.token[at]!]!} ${phrase}`;
    if (this.spelt.size >= SPELT_CACHE) this.spelt.clear();
    this.spelt.set(node, phrase);
    return phrase;
  }

  private intern(text: string): number {
    const id = this.freeTokens.pop() ?? this.tokenText.length;
    if (id === this.tokenText.length) {
      this.tokenText.push(text);
      if (id >= this.tokenRefs.length) {
        this.tokenRefs = grow(this.tokenRefs, id + 1, 0);
        this.rootChild = grow(this.rootChild, id + 1, NONE);
      }
    } else {
      this.tokenText[id] = text;
    }
    this.tokenIds.set(text, id);
    this.tokenRefs[id] = 0;
    this.rootChild[id] = NONE;
    return id;
  }

  private newChild(parentNode: number, id: number): number {
    let node = this.freeNodes.pop();
    if (node === undefined) {
      node = this.nodeTop++;
      if (node >= this.parent.length) {
        const need = node + 1;
        this.parent = grow(this.parent, need, 0);
        this.token = grow(this.token, need, 0);
        this.childCount = grow(this.childCount, need, 0);
        this.terminal = grow(this.terminal, need, 0);
      }
    }
    this.parent[node] = parentNode;
    this.token[node] = id;
    this.childCount[node] = 0;
    this.terminal[node] = 0;
    this.childCount[parentNode]!++;
    this.tokenRefs[id]!++;
    if (parentNode === ROOT) this.rootChild[id] = node;
    else this.insertEdge(parentNode, id, node);
    return node;
  }

  /** Detaches a leaf node that ends no phrase, freeing its id and, if unused, its token. */
  private unlink(node: number): void {
    const up = this.parent[node]!;
    const id = this.token[node]!;
    if (up === ROOT) this.rootChild[id] = NONE;
    else this.deleteEdge(up, id);
    this.childCount[up]!--;
    this.freeNodes.push(node);
    if (--this.tokenRefs[id]! === 0) {
      this.tokenIds.delete(this.tokenText[id]!);
      this.tokenText[id] = "";
      this.freeTokens.push(id);
    }
  }

  private slotOf(parentNode: number, id: number): number {
    let h = Math.imul(parentNode, 0x9e3779b1) ^ Math.imul(id + 0x7f4a7c15, 0x85ebca6b);
    h ^= h >>> 15;
    h = Math.imul(h, 0xc2b2ae35);
    h ^= h >>> 13;
    return h & this.edgeMask;
  }

  private findEdge(parentNode: number, id: number): number {
    const child = this.edgeChild;
    const mask = this.edgeMask;
    for (let slot = this.slotOf(parentNode, id); ; slot = (slot + 1) & mask) {
      const c = child[slot]!;
      if (c === NONE) return NONE;
      if (this.edgeParent[slot] === parentNode && this.edgeToken[slot] === id) return c;
    }
  }

  private insertEdge(parentNode: number, id: number, node: number): void {
    if (this.edgeCount + 1 > (this.edgeMask + 1) * MAX_LOAD) this.resizeEdges((this.edgeMask + 1) * 2);
    this.place(parentNode, id, node);
    this.edgeCount++;
  }

  private place(parentNode: number, id: number, node: number): void {
    const mask = this.edgeMask;
    let slot = this.slotOf(parentNode, id);
    while (this.edgeChild[slot] !== NONE) slot = (slot + 1) & mask;
    this.edgeParent[slot] = parentNode;
    this.edgeToken[slot] = id;
    this.edgeChild[slot] = node;
  }

  private resizeEdges(capacity: number): void {
    const parents = this.edgeParent;
    const tokens = this.edgeToken;
    const children = this.edgeChild;
    this.edgeParent = new Int32Array(capacity);
    this.edgeToken = new Int32Array(capacity);
    this.edgeChild = new Int32Array(capacity).fill(NONE);
    this.edgeMask = capacity - 1;
    for (let slot = 0; slot < children.length; slot++) {
      if (children[slot] !== NONE) this.place(parents[slot]!, tokens[slot]!, children[slot]!);
    }
  }

  /** Linear-probing deletion by backward shift: later entries of the cluster move up. */
  private deleteEdge(parentNode: number, id: number): void {
    const mask = this.edgeMask;
    let hole = this.slotOf(parentNode, id);
    while (!(this.edgeParent[hole] === parentNode && this.edgeToken[hole] === id && this.edgeChild[hole] !== NONE)) {
      if (this.edgeChild[hole] === NONE) return;
      hole = (hole + 1) & mask;
    }
    for (let next = (hole + 1) & mask; this.edgeChild[next] !== NONE; next = (next + 1) & mask) {
      const home = this.slotOf(this.edgeParent[next]!, this.edgeToken[next]!);
      // The entry at `next` may stay only if its home lies cyclically in (hole, next].
      const stays = hole <= next ? hole < home && home <= next : hole < home || home <= next;
      if (stays) continue;
      this.edgeParent[hole] = this.edgeParent[next]!;
      this.edgeToken[hole] = this.edgeToken[next]!;
      this.edgeChild[hole] = this.edgeChild[next]!;
      hole = next;
    }
    this.edgeChild[hole] = NONE;
    this.edgeCount--;
  }
}

function grow<T extends Int32Array | Uint8Array>(array: T, need: number, fill: number): T {
  let capacity = array.length;
  while (capacity < need) capacity *= 2;
  const next = new (array.constructor as new (length: number) => T)(capacity);
  next.set(array);
  if (fill !== 0) next.fill(fill, array.length);
  return next;
}
