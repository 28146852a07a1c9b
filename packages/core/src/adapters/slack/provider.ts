import { Resource } from "sst";

/**
 * Slack as graph's app sees it. The addresses are the linked `Slack` resource (Slack's own on
 * AWS, the local stand-in's without keys); the app's client and signing secret are the
 * `SlackClientId`, `SlackClientSecret` and `SlackSigningSecret` secrets.
 */
export const slackUrls = () => Resource.Slack;

export const clientId = () => Resource.SlackClientId.value;
export const clientSecret = () => Resource.SlackClientSecret.value;
export const signingSecret = () => Resource.SlackSigningSecret.value;

export const redirectUri = () => `${Resource.Config.siteUrl.replace(/\/$/, "")}/api/slack/api/callback`;

export const isConfigured = () => clientId() !== "" && clientSecret() !== "" && signingSecret() !== "";

/**
 * Whether `url` is one of Slack's own hook addresses (an incoming webhook, a command's
 * `response_url`): graph posts nowhere else, whatever a stored or sent address says.
 */
export function isSlackHook(url: string): boolean {
  let parsed: URL;
  let base: URL;
  try {
    parsed = new URL(url);
    base = new URL(slackUrls().hooksUrl);
  } catch {
    return false;
  }
  const prefix = base.pathname.replace(/\/?$/, "/");
  return parsed.origin === base.origin && parsed.pathname.startsWith(prefix) && parsed.username === "";
}
