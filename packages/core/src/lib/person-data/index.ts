/**
 * What a module declares of the data it keeps for a person, in one place of its own
 * (`person-data.ts` in the module's folder), so that the registry (`workflows/person-data`)
 * finds every piece of it: how it is deleted with the account, which kinds of interest it holds
 * (compared by mutual interests) and which sections of the public profile show them.
 */

/** What a deletion step knows of the account it sweeps away (the account item itself may be unreadable). */
export interface DeletingAccount {
  userId: string;
  username: string;
  email: string;
  /** When the account was created. */
  createdAt: number;
}

/**
 * One module's part of deleting an account: it removes that module's items of the person, and
 * only those. It must be idempotent — it may be cut short at any point and run again, and it may
 * run again after it finished — so it reads what is left and deletes that, with conditions
 * wherever a shared count changes with it.
 */
export interface DeletionStep {
  /** Recorded on the deletion when the step is done; never rename one (running deletions know it by name). */
  name: string;
  run(account: DeletingAccount): Promise<void>;
}

/** One item a person holds, as mutual interests weigh and name it. */
export interface InterestEntry {
  /** The item's id, the same for everyone who holds it (a topic's phrase, a Spotify track id, …). */
  id: string;
  label: string;
  /** How many people hold it (when the digest was built). */
  people: number;
  /** The person's own id for it, when it differs from `id` (their topic's id). */
  ref?: string;
  /** An article's link and source, so a shared one is named without reading it. */
  link?: string;
  source?: string;
}

/** A kind of interest: what two people's mutual interests compare of it. */
export interface InterestKindDeclaration<Kind extends string = string, Section extends string = string> {
  kind: Kind;
  /** The profile section that shows this kind: a hidden section is not compared. */
  section: Section;
  /** The person's items of the kind (all of them, ids and labels) and how many people hold each. */
  build(userId: string): Promise<InterestEntry[]>;
}

/** A section of the public profile a module fills: the newest `limit` items it shows. */
export type SectionRead<Item = unknown> = (userId: string, limit: number) => Promise<Item[]>;

/** Everything a module keeps of a person, declared once. */
export interface PersonData {
  deletion: DeletionStep;
  interests?: readonly InterestKindDeclaration[];
  /** The public profile's list sections this module fills, by section id. */
  sections?: Readonly<Record<string, SectionRead>>;
}

/** Declares a module's person data, keeping its literal kinds and sections for the registry's types. */
export const declarePersonData = <const Declared extends PersonData>(declared: Declared): Declared => declared;
