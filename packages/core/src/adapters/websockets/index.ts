/**
 * API Gateway's WebSocket management API: posting to one open socket and closing it. The client
 * (management.ts) is imported at the first call.
 */
let loading: Promise<typeof import("./management.ts")> | undefined;
const management = () => (loading ??= import("./management.ts"));

const isGone = (error: unknown, GoneException: new (...args: never[]) => Error) =>
  error instanceof GoneException || (error as Error).name === "GoneException";

/** Posts a message to one socket. Answers false when the socket is gone (closed by its client or by API Gateway). */
export async function postToConnection(connectionId: string, message: unknown): Promise<boolean> {
  const { client, GoneException, PostToConnectionCommand } = await management();
  try {
    await client.send(new PostToConnectionCommand({ ConnectionId: connectionId, Data: JSON.stringify(message) }));
    return true;
  } catch (error) {
    if (isGone(error, GoneException)) return false;
    throw error;
  }
}

/** Closes one socket; one that is closed already is not an error. */
export async function deleteConnection(connectionId: string): Promise<void> {
  const { client, DeleteConnectionCommand, GoneException } = await management();
  await client.send(new DeleteConnectionCommand({ ConnectionId: connectionId })).catch((error: unknown) => {
    if (!isGone(error, GoneException)) throw error;
  });
}
