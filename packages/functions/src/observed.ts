import { withInvocation } from "@graph/core/lib/observability";

/**
 * A handler with its invocation observed: every record it logs carries the function's name and
 * the request id, its invocation (and failure) is counted, and its metrics are flushed once when
 * it ends. `name` is the function as the alarms name it (packages/functions/src/ops/alarms.ts).
 */
export function observed<E, R, C>(
  name: string,
  handler: (event: E, context: C) => Promise<R>,
): (event: E, context: C) => Promise<R> {
  return (event, context) =>
    withInvocation({ function: name, requestId: requestIdOf(context) }, () => handler(event, context));
}

/** Lambda's request id from its context (the local runtime passes one too), or a new one. */
function requestIdOf(context: unknown): string {
  const id = (context as { awsRequestId?: unknown } | undefined)?.awsRequestId;
  return typeof id === "string" ? id : crypto.randomUUID();
}

/** A scheduled job, observed under the name its schedule sends (`{ name }`, infra/jobs.ts). */
export function observedJob<E, R, C>(
  handler: (event: E, context: C) => Promise<R>,
): (event: E, context: C) => Promise<R> {
  return (event, context) => {
    const name = (event as { name?: unknown } | undefined)?.name;
    return observed(typeof name === "string" ? name : "job", handler)(event, context);
  };
}
