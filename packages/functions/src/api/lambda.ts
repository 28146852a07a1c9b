import { handle, type LambdaEvent } from "hono/aws-lambda";
import { createApi } from "./app.ts";

/**
 * Behind the CloudFront router, API Gateway's source IP is the edge's; CloudFront passes the
 * viewer's own address (`ip:port`) in `cloudfront-viewer-address`, which it always overwrites.
 */
function viewerAddress(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const colon = header.lastIndexOf(":");
  return colon > 0 ? header.slice(0, colon) : header;
}

const app = createApi({
  clientAddressOf: (c) => {
    const fromEdge = viewerAddress(c.req.header("cloudfront-viewer-address"));
    if (fromEdge) return fromEdge;
    const event = (c.env as { event?: LambdaEvent } | undefined)?.event;
    return event && "requestContext" in event && event.requestContext && "http" in event.requestContext
      ? event.requestContext.http.sourceIp
      : "unknown";
  },
});

export const handler = handle(app);
