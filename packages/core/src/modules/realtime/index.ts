/**
 * Realtime: who holds each open socket (the records API Gateway's events keep), sending to a
 * socket or to every socket of a person, closing them, and the short-lived tokens that open one.
 */
export {
  close,
  closeAllOf,
  connected,
  disconnected,
  owner,
  send,
  sendToUser,
  socketsOf,
  type SocketOwner,
} from "./sockets.ts";
export { signToken, verifyToken, TOKEN_LIFETIME_SECONDS } from "./token.ts";
export { personData } from "./person-data.ts";
