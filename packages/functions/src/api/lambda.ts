import { handle, type LambdaEvent } from "hono/aws-lambda";
import { createApi } from "./app.ts";

const app = createApi({
  clientAddressOf: (c) => {
    const event = (c.env as { event?: LambdaEvent } | undefined)?.event;
    return event && "requestContext" in event && event.requestContext && "http" in event.requestContext
      ? event.requestContext.http.sourceIp
      : "unknown";
  },
});

export const handler = handle(app);
