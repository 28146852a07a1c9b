import { TEST_STAGE } from "../packages/core/src/adapters/test-settings/rules";

/**
 * Per-stage settings, read from the environment when the app is deployed (SST loads `.env` and
 * `.env.<stage>` next to sst.config.ts):
 *
 * - GRAPH_DOMAIN        domain hosted in Route 53 that serves production; every other stage is
 *                       served from `<stage>.<GRAPH_DOMAIN>`. Unset: the CloudFront address.
 * - GRAPH_EMAIL_SENDER  address e-mail is sent from. Default `noreply@<stage domain>`; required
 *                       when GRAPH_DOMAIN is unset (SES then verifies the address by e-mail).
 * - GRAPH_TEAM_EMAIL    address feedback is forwarded to. Default: the sender.
 * - GRAPH_ALARM_EMAIL   address the alarms are e-mailed to (it must confirm the subscription).
 *                       Default: the team's address.
 */
export const isProduction = $app.stage === "production";

// The local test runtime's stage: core accepts lowered production costs (test settings) under it
// alone, so no deployment may take its name.
if ($app.stage === TEST_STAGE)
  fail(`The stage "${TEST_STAGE}" is the local test runtime's: deploy under another name.`);

const rootDomain = env("GRAPH_DOMAIN");

/** The custom domain of this stage's site, if any. */
export const domain = rootDomain && (isProduction ? rootDomain : `${$app.stage}.${rootDomain}`);

/** The From address of every e-mail. */
export const sender =
  env("GRAPH_EMAIL_SENDER") ??
  (domain
    ? `noreply@${domain}`
    : fail(`Set GRAPH_EMAIL_SENDER (or GRAPH_DOMAIN) for stage "${$app.stage}", e.g. in .env.${$app.stage}.`));

export const teamEmail = env("GRAPH_TEAM_EMAIL") ?? sender;

export const alarmEmail = env("GRAPH_ALARM_EMAIL") ?? teamEmail;

function env(name: string): string | undefined {
  const value = process.env[name]?.trim();
  return value ? value : undefined;
}

function fail(message: string): never {
  throw new Error(message);
}
