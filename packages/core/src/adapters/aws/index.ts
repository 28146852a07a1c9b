/**
 * What every AWS SDK client of graph's adapters shares.
 *
 * The SDK's logger middleware builds, for every request, a copy of its input and its whole answer
 * with sensitive fields masked, and hands it to the client's logger, which by default discards it
 * (it checks only that `logger.info` exists). For a Query of posting pages that copy is a fifth of
 * the request's CPU (`npm run bench -- sdk`), paid on every request on AWS as locally. graph logs
 * its own records (lib/observability), never the SDK's: the middleware is taken out.
 */
export function withoutSdkLogging<Client extends { middlewareStack: { remove(name: string): boolean } }>(
  client: Client,
): Client {
  client.middlewareStack.remove("loggerMiddleware");
  return client;
}
