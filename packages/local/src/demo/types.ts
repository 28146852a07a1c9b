export type DemoSourceType = "rss" | "atom" | "youtube" | "bluesky";

/** One story as written: everything about it except when it was published. */
export interface DemoEntry {
  /** Headline. Bluesky-style posts have none: their text is the summary. */
  title?: string;
  /** One to three sentences (a post's whole text for Bluesky-style sources). */
  summary: string;
  author?: string;
  /** The feed's link carries campaign parameters, as some publishers' feeds do. */
  tracked?: boolean;
  /** Entries sharing a story key are the same news in different sources, published close together. */
  story?: string;
}

export interface DemoSourceData {
  id: string;
  name: string;
  type: DemoSourceType;
  /** The catalogue's subject for it (e.g. "Food"), shown with its articles. */
  subject: string;
  /** The country of the national list it would be on, for the few that have one (most have none). */
  country?: string;
  /** Home page (a channel or profile page for video and social sources). */
  siteUrl: string;
  description: string;
  /** Bylines used in turn for entries without their own. */
  authors?: readonly string[];
  /** Bluesky-style: the account's handle. */
  handle?: string;
  /** How article links are shaped on the site. */
  linkStyle?: "dated" | "blog" | "numbered";
  /** RSS: write the body as HTML in content:encoded; Atom: as HTML content. */
  html?: boolean;
  entries: readonly DemoEntry[];
}
