/** The tab's one realtime connection (a module, so every page shares the same socket). */
import { readSocketToken } from "../api.ts";
import { RealtimeConnection } from "./connection.ts";

/** `/ws` on the page's own host, `wss:` under https, with a fresh short-lived token. */
async function socketAddress(): Promise<string> {
  const { token } = await readSocketToken();
  const protocol = window.location.protocol === "https:" ? "wss:" : "ws:";
  return `${protocol}//${window.location.host}/ws?token=${encodeURIComponent(token)}`;
}

export const realtime = new RealtimeConnection({
  address: socketAddress,
  createSocket: (url) => new WebSocket(url),
  setTimeout: (fn, ms) => window.setTimeout(fn, ms),
  clearTimeout: (handle) => window.clearTimeout(handle as number),
});
