/** The channels section's words, and which connect result a link names. */

export const kindLabel = (kind: "slack" | "discord") => (kind === "slack" ? "Slack" : "Discord");

export const CHANNELS_TEXT = {
  intro: "graph posts your picks to a Slack or Discord channel at your digest time, and answers /graph there.",
  none: "No channels yet.",
  broken: "Broken: this channel's webhook was removed, so nothing can be posted there. Unlink it and add it again.",
  waiting: "Your picks arrive here at your digest time.",
  lastSent: (at: string) => `Last posted ${new Date(at).toLocaleString()}.`,
  testSent: "Test message sent.",
  failed: "That did not work. Please try again.",
  full: (max: number) => `You have connected ${max} channels, the most your plan allows.`,
  routedIntro: "Topics posted here as their articles arrive:",
  routedNone: "No topics routed here: only your picks at your digest time.",
  noTopics: "Follow topics to route them to a channel.",
  routedSaved: "Saved.",
  teamDigest: "post the team's week here (what the team liked and shared) every",
  weekdays: ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"],
  sharesIntro: "Shared with the team here (/graph share <link>):",
  sharesNone: "Nothing shared yet.",
  confirmUnlink: (name: string) => `Unlink ${name}? graph stops posting there and its access is revoked.`,
} as const;

/** What the page says after a connect came back (`?channels=`); null when it names none. */
export function connectResultText(value: string | null): string | null {
  switch (value) {
    case "connected":
      return "Connected: your picks will arrive there at your digest time.";
    case "limit":
      return "Not connected: your plan's channels are all in use.";
    case "error":
      return "Connecting did not work. Please try again.";
    default:
      return null;
  }
}
