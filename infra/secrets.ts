/**
 * Secrets, set per stage with `npx sst secret set <Name> <value> --stage <stage>`. Empty means
 * the feature is not configured (Google sign-in answers that it is unavailable).
 */
export const secrets = {
  GoogleClientId: new sst.Secret("GoogleClientId", ""),
  GoogleClientSecret: new sst.Secret("GoogleClientSecret", ""),
  /** Signs digest unsubscribe links (no default: a stage cannot deploy with a guessable key). */
  DigestSigningKey: new sst.Secret("DigestSigningKey"),
};

export const allSecrets = Object.values(secrets);
