/**
 * The paths the API's guards treat apart, kept here rather than in their route groups so the app
 * reads them without loading the groups (which are imported when first requested: routes.ts).
 */

/** Paths that take a form body besides JSON (see `jsonOnly`). */
export const FORM_PATHS = ["/api/digest/unsubscribe"];

/** Called by Discord's servers, authorised by its signature: exempt from the Origin and JSON-only checks. */
export const DISCORD_WEBHOOK_PATHS = ["/api/discord/interactions"] as const;

/**
 * Paths that take a form body besides JSON (see `jsonOnly`): the spec sends contacts as form
 * data. A form from another site gets nowhere here either: the session cookie is SameSite=Lax
 * (a cross-site POST carries none) and `sameOrigin` refuses a foreign `Origin`.
 */
export const PROFILE_FORM_PATHS = ["/api/contacts/to_db"];

/** Slack's paths: calls made by Slack, without a session or an Origin, authorised by the signing secret. */
export const SLACK_WEBHOOK_PATHS = ["/api/slack/commands"] as const;

/**
 * Stripe calls the webhook without a session or an Origin; a form-encoded or cross-site request
 * can do nothing there, because only a body signed with the webhook secret is read. It is
 * exempt from the Origin and JSON-only guards, and nothing else is.
 */
export const WEBHOOK_PATHS = ["/api/stripe/webhook"] as const;
