/**
 * Slack's Web API and hooks as the bot uses them: the OAuth v2 install (`oauth.v2.access`, with
 * its incoming webhook), posts in Block Kit, `auth.revoke`, and the signing secret's check of the
 * requests Slack sends (slash commands).
 */
export { slackService, postToHook, SLACK_SCOPES } from "./service.ts";
export { picksBody, SLACK_LIMITS } from "./blocks.ts";
export { verifySlackSignature, slackSignature, SIGNATURE_MAX_AGE_SECONDS } from "./signature.ts";
export { signingSecret, isSlackHook } from "./provider.ts";
