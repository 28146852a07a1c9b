import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from "aws-lambda";
import { lambdaContext, type Handler } from "../handlers.ts";

/**
 * API Gateway's HTTP API (payload format 2.0) in front of a Lambda handler, as the deployed API
 * runs behind the CloudFront router: a request becomes the event API Gateway sends, with the
 * viewer's address in `cloudfront-viewer-address` as CloudFront sets it, and the handler's
 * result becomes the response.
 */
export function httpApi(handler: Handler) {
  return async (request: Request, viewer: { address: string; port?: number }): Promise<Response> => {
    const event = await httpApiEvent(request, viewer);
    const result = (await handler(event, lambdaContext("api"))) as APIGatewayProxyStructuredResultV2;
    return responseOf(result);
  };
}

/** The event API Gateway's HTTP API sends for `request` (its body base64-encoded, as for binary types). */
export async function httpApiEvent(
  request: Request,
  viewer: { address: string; port?: number } = { address: "127.0.0.1" },
): Promise<APIGatewayProxyEventV2> {
  const url = new URL(request.url);
  const headers: Record<string, string> = {};
  request.headers.forEach((value, name) => {
    if (name !== "cookie") headers[name] = value;
  });
  // CloudFront overwrites whatever a caller sent here.
  headers["cloudfront-viewer-address"] = `${viewer.address}:${viewer.port ?? 0}`;
  const cookies = request.headers.get("cookie")?.split(/;\s*/).filter(Boolean);
  const query: Record<string, string> = {};
  url.searchParams.forEach((value, name) => (query[name] = name in query ? `${query[name]},${value}` : value));
  const body = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
  const now = Date.now();
  return {
    version: "2.0",
    routeKey: "$default",
    rawPath: url.pathname,
    rawQueryString: url.search.slice(1),
    ...(cookies?.length ? { cookies } : {}),
    headers,
    ...(url.search ? { queryStringParameters: query } : {}),
    requestContext: {
      accountId: "000000000000",
      apiId: "local",
      domainName: url.host,
      domainPrefix: url.hostname.split(".")[0]!,
      http: {
        method: request.method,
        path: url.pathname,
        protocol: "HTTP/1.1",
        sourceIp: viewer.address,
        userAgent: request.headers.get("user-agent") ?? "",
      },
      requestId: crypto.randomUUID(),
      routeKey: "$default",
      stage: "$default",
      time: new Date(now).toUTCString(),
      timeEpoch: now,
    },
    ...(body && body.length > 0 ? { body: body.toString("base64") } : {}),
    isBase64Encoded: Boolean(body && body.length > 0),
  };
}

/** The HTTP response API Gateway makes of a handler's result. */
export function responseOf(result: APIGatewayProxyStructuredResultV2): Response {
  const headers = new Headers();
  for (const [name, value] of Object.entries(result.headers ?? {})) headers.set(name, String(value));
  for (const cookie of result.cookies ?? []) headers.append("set-cookie", cookie);
  const status = result.statusCode ?? 200;
  const empty = status === 204 || status === 304 || result.body === undefined;
  const body = empty ? null : result.isBase64Encoded ? Buffer.from(result.body!, "base64") : result.body!;
  return new Response(body, { status, headers });
}
