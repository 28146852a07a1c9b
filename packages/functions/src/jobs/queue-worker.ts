import type { SQSBatchResponse, SQSEvent, SQSRecord } from "aws-lambda";
import { read, type MessageOf, type Queue } from "@graph/core/adapters/queues";
import { countFailures, log, withFields, withInvocation } from "@graph/core/lib/observability";

export interface WorkerOptions<Q extends Queue, R> {
  /**
   * `parallel`: a batch's records are handled at once (independent work); `sequential`: one
   * after another (work that must not run twice at once, or an outside service to spare).
   */
  order: "parallel" | "sequential";
  /** Runs once a batch is handled, with what each handled message answered (its failures are not held up by it). */
  afterBatch?: (handled: Array<{ message: MessageOf<Q>; result: R }>) => Promise<void>;
}

/**
 * The one way an SQS queue is worked: each record is read against its queue's schema; one that
 * does not fit is logged and dropped (it would fail every retry, and only delay its
 * dead-lettering); one whose work throws is logged and reported alone in `batchItemFailures`
 * (the queue's partial batch response), so only it is delivered again. Each batch is one observed
 * invocation of the queue's function; each record's logs carry its message id.
 */
export function queueWorker<Q extends Queue, R>(
  queue: Q,
  handle: (message: MessageOf<Q>, record: SQSRecord) => Promise<R>,
  options: WorkerOptions<Q, R>,
): (event: SQSEvent, context?: { awsRequestId?: string }) => Promise<SQSBatchResponse> {
  const run = async (event: SQSEvent) => {
    const batchItemFailures: SQSBatchResponse["batchItemFailures"] = [];
    const handled: Array<{ message: MessageOf<Q>; result: R }> = [];
    const work = (record: SQSRecord) =>
      withFields({ messageId: record.messageId }, async () => {
        const message = read(queue, record.body);
        if (message === undefined) {
          log.error("dropping malformed message", { queue: queue.name });
          countFailures();
          return;
        }
        try {
          handled.push({ message, result: await handle(message, record) });
        } catch (error) {
          log.error("a message failed; it is delivered again", { queue: queue.name, error });
          countFailures();
          batchItemFailures.push({ itemIdentifier: record.messageId });
        }
      });
    if (options.order === "parallel") await Promise.all(event.Records.map(work));
    else for (const record of event.Records) await work(record);
    if (options.afterBatch) await options.afterBatch(handled);
    return { batchItemFailures };
  };
  return (event, context) =>
    withInvocation(
      { function: queue.name, requestId: context?.awsRequestId ?? crypto.randomUUID() },
      () => run(event),
      event.Records.length,
    );
}
