/**
 * Secrets, set per stage with `npx sst secret set <Name> <value> --stage <stage>`. Empty means
 * the feature is not configured (Google sign-in answers that it is unavailable, film search
 * that it is not configured).
 */
export const secrets = {
  GoogleClientId: new sst.Secret("GoogleClientId", ""),
  GoogleClientSecret: new sst.Secret("GoogleClientSecret", ""),
  /** Signs digest unsubscribe links (no default: a stage cannot deploy with a guessable key). */
  DigestSigningKey: new sst.Secret("DigestSigningKey"),
  /** Signs the short-lived tokens that open a chat socket (`GET /messages/get_jwt`); no default either. */
  RealtimeTokenKey: new sst.Secret("RealtimeTokenKey"),
  /**
   * Encrypts the Spotify and YouTube tokens kept at rest (AES-256-GCM; 32 random bytes, base64url:
   * `openssl rand -base64 32 | tr '+/' '-_' | tr -d '='`). No default; changing it disconnects
   * every linked account (their tokens can no longer be opened).
   */
  OAuthTokenKey: new sst.Secret("OAuthTokenKey"),
  /** Stripe's secret API key (empty: billing answers that it is not configured). */
  StripeSecretKey: new sst.Secret("StripeSecretKey", ""),
  /** The signing secret of the webhook endpoint registered with Stripe (`whsec_...`). */
  StripeWebhookSecret: new sst.Secret("StripeWebhookSecret", ""),
  /** Configuration, set per stage like the secrets: the Stripe price id of the pro plan (`price_...`). */
  StripePriceId: new sst.Secret("StripePriceId", ""),
  /**
   * TMDB's API read access token (`eyJ…`, sent as a Bearer token) or v3 API key (sent as
   * `api_key`), for film search. Empty: film search answers that it is not configured.
   */
  TmdbToken: new sst.Secret("TmdbToken", ""),
  /**
   * The Spotify app's client id and secret (developer.spotify.com/dashboard; see docs/media.md: Spotify
   * and YouTube). Empty: connecting Spotify answers that it is not configured.
   */
  SpotifyClientId: new sst.Secret("SpotifyClientId", ""),
  SpotifyClientSecret: new sst.Secret("SpotifyClientSecret", ""),
  /**
   * The Slack app's client id and secret and its signing secret (api.slack.com/apps; see
   * docs/channels.md). Empty: "Add to Slack" answers that Slack is not configured.
   */
  SlackClientId: new sst.Secret("SlackClientId", ""),
  SlackClientSecret: new sst.Secret("SlackClientSecret", ""),
  SlackSigningSecret: new sst.Secret("SlackSigningSecret", ""),
  /**
   * The Discord application (discord.com/developers/applications; see docs/channels.md): its
   * OAuth2 client id and secret, its public key (hex, General Information: interactions are
   * checked with it) and its application id (the same number as the client id). Empty: adding
   * graph to a Discord server answers that it is not configured.
   */
  DiscordClientId: new sst.Secret("DiscordClientId", ""),
  DiscordClientSecret: new sst.Secret("DiscordClientSecret", ""),
  DiscordPublicKey: new sst.Secret("DiscordPublicKey", ""),
  DiscordApplicationId: new sst.Secret("DiscordApplicationId", ""),
};

export const allSecrets = Object.values(secrets);
