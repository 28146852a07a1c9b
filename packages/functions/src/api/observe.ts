import { createMiddleware } from "hono/factory";
import { count, countFailures, withInvocation } from "@graph/core/lib/observability";

/**
 * Each API request is one observed invocation of the function "api": its records carry the
 * request id (Lambda's, when it runs there), its answer is counted (5xx as a failure of the
 * function), and its metrics are flushed when it is answered.
 */
export const observeRequests = createMiddleware(async (c, next) => {
  const lambda = (c.env as { lambdaContext?: { awsRequestId?: string } } | undefined)?.lambdaContext;
  await withInvocation({ function: "api", requestId: lambda?.awsRequestId ?? crypto.randomUUID() }, async () => {
    await next();
    count("ApiRequests");
    if (c.res.status >= 500) {
      count("Api5xx");
      countFailures();
    }
  });
});
