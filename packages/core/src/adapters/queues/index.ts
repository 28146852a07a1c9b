import { Resource } from "sst";
import type { z } from "zod";
import {
  AccountJob,
  AgentJob,
  ChannelJob,
  DigestJob,
  ImportJob,
  IngestJob,
  OutgoingEmail,
  ShareJob,
} from "./messages.ts";
import { SQS_LIMITS, type QueueName } from "./rules.ts";

export {
  AccountJob,
  AgentJob,
  ChannelJob,
  DigestJob,
  ImportJob,
  IngestJob,
  OutgoingEmail,
  ShareJob,
  SharedPick,
} from "./messages.ts";
export { QUEUE_NAMES, SQS_LIMITS, PICTURES_PER_JOB, type QueueName } from "./rules.ts";

/**
 * The SQS adapter: every queue graph has, each defined once by its linked name and its message
 * schema, and the one sender they all go through. The client's region and endpoint come from the
 * standard AWS environment, which the local runtime points at its SQS stand-in.
 */
export interface Queue<Name extends QueueName = QueueName, Schema extends z.ZodType = z.ZodType> {
  /** The linked resource (`Resource[name].url`), and the queue's name in infra and locally. */
  readonly name: Name;
  readonly message: Schema;
}

const queue = <const Name extends QueueName, Schema extends z.ZodType>(name: Name, message: Schema) =>
  ({ name, message }) satisfies Queue<Name, Schema>;

/** Outgoing e-mail, one message per e-mail. */
export const MailQueue = queue("MailQueue", OutgoingEmail);
/** Source fetches, topic backfills and suggestion checks. */
export const IngestQueue = queue("IngestQueue", IngestJob);
/** One message per person whose digest is due. */
export const DigestQueue = queue("DigestQueue", DigestJob);
/** One message per deleted account to sweep away. */
export const AccountQueue = queue("AccountQueue", AccountJob);
/** One message per feed session to share with its author's followers. */
export const ShareQueue = queue("ShareQueue", ShareJob);
/** One message per import: an uploaded Takeout watch history, or a run of an OPML import's feed checks. */
export const ImportQueue = queue("ImportQueue", ImportJob);
/** One message per agentic search to run. */
export const AgentQueue = queue("AgentQueue", AgentJob);
/** The Slack and Discord bot's deliveries and slash commands' late answers. */
export const ChannelQueue = queue("ChannelQueue", ChannelJob);

/** Every queue by its name: a name without its queue, or a queue under another's name, does not compile. */
export const QUEUES = {
  MailQueue,
  IngestQueue,
  DigestQueue,
  AccountQueue,
  ShareQueue,
  ImportQueue,
  AgentQueue,
  ChannelQueue,
} satisfies {
  [Name in QueueName]: Queue<Name>;
};
/** What a queue's worker receives: its message as the schema reads it. */
export type MessageOf<Q extends Queue> = z.output<Q["message"]>;

/** The SQS client (sqs.ts), imported at the first `enqueue`. */
let loading: Promise<typeof import("./sqs.ts")> | undefined;
const sqs = () => (loading ??= import("./sqs.ts"));
const urlOf = (name: QueueName): string => Resource[name].url;

/**
 * Queues messages on `queue`, each checked against its schema first (a message that does not fit
 * is a bug, and throws before anything is sent). Batched within SQS's limits; any refused entry
 * fails the call, so a caller never believes work was queued that was not.
 */
export async function enqueue<Q extends Queue>(
  queue: Q,
  messages: z.input<Q["message"]>[],
  options: { delaySeconds?: number } = {},
): Promise<void> {
  const bodies = messages.map((message) => {
    queue.message.parse(message);
    return JSON.stringify(message);
  });
  const { client, SendMessageBatchCommand } = await sqs();
  for (const batch of batches(bodies)) {
    const result = await client.send(
      new SendMessageBatchCommand({
        QueueUrl: urlOf(queue.name),
        Entries: batch.map((body, index) => ({
          Id: String(index),
          MessageBody: body,
          // SQS holds a message back at most 15 minutes.
          ...(options.delaySeconds
            ? { DelaySeconds: Math.min(900, Math.max(0, Math.ceil(options.delaySeconds))) }
            : {}),
        })),
      }),
    );
    if (result.Failed?.length) {
      const reasons = result.Failed.map((f) => f.Code ?? f.Message).join(", ");
      throw new Error(`${queue.name} refused ${result.Failed.length} message(s): ${reasons}`);
    }
  }
}

/** Splits message bodies into batches SQS accepts (a single body over the limit throws). */
export function batches(bodies: string[]): string[][] {
  const out: string[][] = [];
  let current: string[] = [];
  let bytes = 0;
  for (const body of bodies) {
    const size = Buffer.byteLength(body);
    if (size > SQS_LIMITS.batchBytes) throw new Error(`a queue message of ${size} bytes is over SQS's 256 KiB`);
    if (current.length === SQS_LIMITS.batchEntries || bytes + size > SQS_LIMITS.batchBytes) {
      out.push(current);
      current = [];
      bytes = 0;
    }
    current.push(body);
    bytes += size;
  }
  if (current.length > 0) out.push(current);
  return out;
}

/** A record's body read against its queue's schema: undefined when it is not JSON or does not fit. */
export function read<Q extends Queue>(queue: Q, body: string): MessageOf<Q> | undefined {
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return undefined;
  }
  const parsed = queue.message.safeParse(value);
  return parsed.success ? (parsed.data as MessageOf<Q>) : undefined;
}
