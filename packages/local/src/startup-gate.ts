/** A fetch handler as `@hono/node-server` calls it: the request and the node bindings. */
type Fetch = (request: Request, env: unknown) => Response | Promise<Response>;

/**
 * Holds requests off while the runtime starts. The server must listen before the routes are
 * mounted (the stand-ins' endpoint URLs need its port), but Hono builds its router on the first
 * request and refuses routes added after that — so until `open` hands over the finished app,
 * every request is answered 503 without touching it, and callers are told to retry.
 */
export class StartupGate {
  private app: Fetch | undefined;

  readonly fetch: Fetch = (request, env) => (this.app ? this.app(request, env) : starting());

  /** Routes every request from now on to `app`, whose routes must all be mounted. */
  open(app: Fetch) {
    this.app = app;
  }
}

function starting(): Response {
  return Response.json(
    { error: "graph is starting; try again in a moment.", code: "starting" },
    { status: 503, headers: { "Retry-After": "1" } },
  );
}
