import { queues } from "../packages/functions/src/jobs/queues";
import { schedules } from "../packages/functions/src/jobs/schedules";
import { email } from "./email";
import { table } from "./storage";

/** Background work: the mail queue and one scheduled job per entry of jobs/schedules.ts. */

const mail = queues.find((queue) => queue.name === "MailQueue");
if (!mail) throw new Error("packages/functions/src/jobs/queues.ts has no MailQueue entry");

/** Messages that failed every attempt, kept for two weeks for inspection and redrive. */
export const mailDeadLetter = new sst.aws.Queue(mail.deadLetter, {
  transform: {
    queue: (args) => {
      args.messageRetentionSeconds = 14 * 24 * 60 * 60;
    },
  },
});

/** Outgoing e-mail, one message per e-mail (`Resource.MailQueue`). */
export const mailQueue = new sst.aws.Queue(mail.name, {
  // Longer than the worker's timeout, so a message is not handed out twice while being sent.
  visibilityTimeout: "3 minutes",
  dlq: { queue: mailDeadLetter.arn, retry: mail.maxReceiveCount },
});

mailQueue.subscribe(
  {
    handler: mail.handler,
    link: [table, email],
    timeout: "30 seconds",
  },
  { batch: { size: mail.batchSize, partialResponses: true } },
);

/**
 * One EventBridge Scheduler schedule per job. The job receives `{ "name": <job name> }` as its
 * event. Jobs may queue mail.
 */
export const crons = schedules.map(
  (job) =>
    new sst.aws.CronV2(cronName(job.name), {
      schedule: job.schedule,
      event: { name: job.name },
      function: {
        handler: job.handler,
        link: [table, mailQueue],
        timeout: "5 minutes",
      },
    }),
);

/** "purge-unverified" -> "PurgeUnverifiedJob" (component names are letters and digits). */
function cronName(name: string): string {
  const words = name.split(/[^A-Za-z0-9]+/).filter(Boolean);
  return words.map((word) => word[0]!.toUpperCase() + word.slice(1)).join("") + "Job";
}
