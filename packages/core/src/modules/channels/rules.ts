/**
 * The Slack and Discord bot: the kinds of channel, the one interface each service implements,
 * limits and messages. Pure: the adapters, the API and the web app share it.
 */

export type ChannelKind = "slack" | "discord";
export const CHANNEL_KINDS: readonly ChannelKind[] = ["slack", "discord"];

export interface PicksMessage {
  /** e.g. "your graph picks for Friday" */
  header: string;
  items: Array<{ title: string; link: string; source: string; why: string }>;
  /** A closing line, e.g. where to change what is sent. */
  footer?: string;
}

export type PostResult = { ok: true } | { ok: false; gone: true } | { ok: false; retryAfterMs: number };

/** What a connect's exchange answers: the channel the person chose on the service's page. */
export interface ExchangedChannel {
  webhookUrl: string;
  channelName: string;
  workspaceId: string;
  workspaceName: string;
  accessToken?: string;
  /** The service's own id of the channel (commands name it), when it gives one. */
  serviceChannelId?: string;
}

/** The kind-specific part of the bot: `adapters/slack` and `adapters/discord` implement it. */
export interface ChannelService {
  kind: ChannelKind;
  /** Whether keys are set (locally the stand-in is always "set"). */
  isConfigured(): boolean;
  /** The consent page address for a new connect (state, and PKCE where the service supports it). */
  authorizeUrl(state: string, codeVerifier: string | null): URL;
  /** Exchanges the code: the channel the person chose on the service's page, with its webhook. */
  exchange(code: string, codeVerifier: string | null): Promise<ExchangedChannel>;
  /** Posts the picks (rendered as the service's rich format within its limits) or a plain text. */
  post(webhookUrl: string, message: PicksMessage | { text: string }): Promise<PostResult>;
  /**
   * Posts a slash command's late answer where the service said to: Slack's `response_url`, or
   * Discord's deferred interaction response (edited into place). An address that is not the
   * service's answers gone.
   */
  answer(responseUrl: string, message: PicksMessage | { text: string }): Promise<PostResult>;
  /** Revokes the grant where the service allows it (best effort, never throws). */
  revoke(accessToken: string | undefined, webhookUrl: string): Promise<void>;
}

/** How a channel stands: posts go through, or the service said the webhook is gone. */
export type ChannelStatus = "ok" | "broken";

/** A connected channel as the person's settings show it (never a webhook or a token). */
export interface ChannelView {
  channelId: string;
  kind: ChannelKind;
  name: string;
  workspace: string;
  status: ChannelStatus;
  createdAt: string;
  lastSentAt: string | null;
  /** The team's newest shares in this channel's workspace (org; none otherwise). */
  shares: Array<{ title: string; link: string; by: string; sharedAt: string }>;
  /** The weekly team digest here (org): on or off, and its weekday (0 Sunday … 6 Saturday). */
  teamDigest: { on: boolean; day: number };
  /** The owner's topics routed here (org): their new articles are posted as they arrive. */
  topics: Array<{ id: string; topic: string }>;
}

/** What `GET /api/channels` answers. */
export interface ChannelsAnswer {
  channels: ChannelView[];
  /** The plan's cap (0: the plan has no bot). */
  max: number;
  /** The kinds whose service exists here (the "add to …" buttons shown). */
  kinds: ChannelKind[];
}

/** Messages one channel may be sent in an hour (digests, tests, answers posted to it). */
export const CHANNEL_POSTS_PER_HOUR = 20;
/** Messages one person's channels may be sent together in an hour. */
export const PERSON_POSTS_PER_HOUR = 60;
/** A delivery the service keeps asking to wait is given up after this many tries. */
export const REDELIVER_ATTEMPTS_MAX = 8;

/** Picks a message carries at most (Slack's 50 blocks and Discord's 10 embeds leave room for more). */
export const PICKS_PER_MESSAGE = 10;

/** Topics one channel may have routed to it at most. */
export const ROUTED_TOPICS_MAX = 10;
/**
 * Posts of routed articles one channel gets in an hour at most. Articles that arrive past it wait
 * for the next post (one message, the newest first, "+N more" beyond what a message carries).
 */
export const ROUTED_POSTS_PER_HOUR = 4;

/** Links one workspace or server may share with `/graph share` in an hour. */
export const TEAM_SHARES_PER_HOUR = 20;
/** Shares a workspace's team list keeps (newest first). */
export const TEAM_SHARES_KEPT = 50;
/** Shares a channel's row on the feed tab shows. */
export const TEAM_SHARES_SHOWN = 5;

/** A slash command's text at most. */
export const COMMAND_TEXT_MAX = 300;

/** Where the channels are managed (the settings' feed tab). */
export const CHANNELS_SETTINGS_PATH = "/home/tune?tab=feed";
/** The query parameter a connect comes back with (`connected`, `error`, `limit`). */
export const CHANNEL_RESULT_PARAM = "channels";

export const CHANNEL_MESSAGES = {
  notConfigured: (kind: ChannelKind) => `${kind === "slack" ? "Slack" : "Discord"} is not configured here.`,
  limit: (max: number) => `You can connect at most ${max} channel${max === 1 ? "" : "s"} on your plan.`,
  noSuchChannel: "No such channel.",
  tooManyPosts: (wait: string) => `Too many messages to this channel. Try again in ${wait}.`,
  broken: "This channel's webhook was removed, so nothing can be posted there. Unlink it and add it again.",
  testMessage: "graph is connected: your picks will arrive here at your digest time.",
  working: "Working on it…",
  notLinked: (siteUrl: string, kind: ChannelKind) =>
    `graph is not linked to this ${kind === "slack" ? "workspace" : "server"} yet. To link it, open ${siteUrl}${CHANNELS_SETTINGS_PATH} and choose "Add to ${kind === "slack" ? "Slack" : "Discord"}".`,
  help: [
    "graph's commands:",
    "• `/graph picks`: your current picks",
    "• `/graph search <words>`: search graph's articles",
    "• `/graph topic <words>`: follow a topic",
    "• `/graph share <link>`: add an article to the team's feed (org)",
    "• `/graph help`: this help",
  ].join("\n"),
  noPicks: "No picks right now: add topics, or wait for the next refresh.",
  noResults: (words: string) => `Nothing found for "${words}".`,
  searchEmpty: "Say what to search for: `/graph search <words>`.",
  topicEmpty: "Say which topic to follow: `/graph topic <words>`.",
  topicFollowed: (topic: string) => `Following "${topic}": its articles join your picks.`,
  noBot: "The person who linked graph here is no longer on a plan with the bot.",
  shareNeedsOrg: "Sharing with the team is part of the org plan.",
  shareBadLink: "Say which link to share: `/graph share https://…` (an http or https address).",
  shareUnreachable: "graph could not fetch that link: check the address and try again.",
  tooManyShares: (wait: string) => `Too many links shared here. Try again in ${wait}.`,
  shared: (by: string, title: string, link: string) => `${by} shared ${title}: ${link}`,
  shareDone: (title: string) => `Shared "${title}" with the team.`,
  badWeekday: "day must be a weekday from 0 (Sunday) to 6 (Saturday).",
  teamDigestHeader: "the team's week in graph",
  tooManyTopics: `A channel can have at most ${ROUTED_TOPICS_MAX} topics routed to it.`,
  notYourTopic: "Route only topics you follow.",
  routedHeader: (topics: string[]) => `new in graph on ${topics.join(", ")}`,
  routedMore: (count: number, siteUrl: string) =>
    `+${count} more new article${count === 1 ? "" : "s"} on these topics: ${siteUrl}/home`,
} as const;

/** The words of a command: its verb (picks, search, topic, share, help) and the rest. */
export function parseCommand(text: string): {
  verb: "picks" | "search" | "topic" | "share" | "help";
  words: string;
} {
  const trimmed = text.trim().replace(/\s+/g, " ").slice(0, COMMAND_TEXT_MAX);
  const [first = "", ...rest] = trimmed.split(" ");
  const verb = first.toLowerCase();
  const words = rest.join(" ");
  if (verb === "picks" || verb === "search" || verb === "topic" || verb === "share") return { verb, words };
  return { verb: "help", words };
}
