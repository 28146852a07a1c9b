/**
 * Scheduled jobs: data only, read by infra (one cron each) and by the local dispatcher
 * (timers and `POST /api/dev/jobs/{name}`).
 */
export const schedules = [
  { name: "ingest", schedule: "rate(5 minutes)", handler: "packages/functions/src/jobs/ingest.handler" },
  { name: "search-index", schedule: "rate(5 minutes)", handler: "packages/functions/src/jobs/search-index.handler" },
  {
    name: "purge-unverified",
    schedule: "rate(1 day)",
    handler: "packages/functions/src/jobs/purge-unverified.handler",
  },
  { name: "digest", schedule: "rate(15 minutes)", handler: "packages/functions/src/jobs/digest.handler" },
  {
    name: "account-deletions",
    schedule: "rate(15 minutes)",
    handler: "packages/functions/src/jobs/account-deletions.handler",
  },
  {
    name: "subject-topics",
    schedule: "rate(1 hour)",
    handler: "packages/functions/src/jobs/subject-topics.handler",
  },
  {
    name: "vocabulary",
    schedule: "rate(6 hours)",
    handler: "packages/functions/src/jobs/vocabulary.handler",
  },
  {
    name: "media-resync",
    schedule: "rate(1 day)",
    handler: "packages/functions/src/jobs/media-resync.handler",
  },
] as const;
