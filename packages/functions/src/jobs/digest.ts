import * as z from "zod";
import * as Channels from "@graph/core/modules/channels";
import * as Digest from "@graph/core/modules/digest";
import { observedJob } from "../observed.ts";

/**
 * The event the schedule sends (`{ name }`); the local tools may add `now` (an ISO time) to run
 * the job as of another moment, so a test need not wait for a quarter hour to come round.
 */
const DigestEvent = z.object({ now: z.string().datetime({ offset: true }).optional() }).passthrough();

/**
 * Scheduled every 15 minutes: queues the digest of everyone whose local send time has come, and
 * the delivery of their picks to the Slack and Discord channels of everyone whose digest time has.
 */
async function run(event: unknown) {
  const parsed = DigestEvent.safeParse(event ?? {});
  if (!parsed.success) throw new Error(`digest: bad event: ${parsed.error.message}`);
  const now = parsed.data.now ? Date.parse(parsed.data.now) : undefined;
  const digests = await Digest.queueDue(now === undefined ? {} : { now });
  const channels = await Channels.queueDue(now);
  return { ...digests, channels: channels.due };
}

export const handler = observedJob(run);
