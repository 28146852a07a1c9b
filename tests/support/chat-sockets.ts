import WebSocket from "ws";
import type { TestApi } from "./runtime.ts";

export type Frame = Record<string, unknown> & { type?: string };

/** A test's socket: every frame it received, and a way to wait for the one a test expects. */
export interface ChatSocket {
  socket: WebSocket;
  frames: Frame[];
  /** Settles with the close code once the socket is closed (by either side). */
  closed: Promise<number>;
  send(frame: Record<string, unknown>): void;
  /** The first frame (already received or still to come) matching `match`. */
  next(match: (frame: Frame) => boolean, timeoutMs?: number): Promise<Frame>;
  close(): Promise<void>;
}

export const socketUrl = (api: TestApi, query = "") => `${api.runtime.url.replace("http", "ws")}/ws${query}`;

/**
 * Opens `/ws` (with a cookie or a `?token=` query, from a page of `origin` when given); rejects
 * with `refused <status>` when the upgrade is refused.
 */
export function openSocket(
  api: TestApi,
  options: { cookie?: string; token?: string; origin?: string } = {},
): Promise<ChatSocket> {
  const query = options.token !== undefined ? `?token=${encodeURIComponent(options.token)}` : "";
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(socketUrl(api, query), {
      headers: options.cookie ? { cookie: options.cookie } : {},
      ...(options.origin !== undefined ? { origin: options.origin } : {}),
    });
    const closed = new Promise<number>((done) => socket.once("close", (code) => done(code)));
    const frames: Frame[] = [];
    const waiters = new Set<{ match: (f: Frame) => boolean; resolve: (f: Frame) => void }>();
    socket.on("message", (data) => {
      const frame = JSON.parse(data.toString()) as Frame;
      frames.push(frame);
      for (const waiter of waiters) {
        if (waiter.match(frame)) {
          waiters.delete(waiter);
          waiter.resolve(frame);
        }
      }
    });
    socket.once("open", () =>
      resolve({
        socket,
        frames,
        closed,
        send: (frame) => socket.send(JSON.stringify(frame)),
        next(match, timeoutMs = 20_000) {
          const seen = frames.find(match);
          if (seen) return Promise.resolve(seen);
          return new Promise((resolveFrame, rejectFrame) => {
            const waiter = {
              match,
              resolve: (f: Frame) => {
                clearTimeout(timer);
                resolveFrame(f);
              },
            };
            const timer = setTimeout(() => {
              waiters.delete(waiter);
              rejectFrame(new Error(`no matching frame; received: ${JSON.stringify(frames).slice(0, 2000)}`));
            }, timeoutMs);
            waiters.add(waiter);
          });
        },
        close: () =>
          new Promise<void>((done) => {
            if (socket.readyState === WebSocket.CLOSED) return done();
            socket.once("close", () => done());
            socket.close();
          }),
      }),
    );
    socket.once("unexpected-response", (_req, res) => reject(new Error(`refused ${res.statusCode}`)));
    socket.once("error", reject);
  });
}

export const isType =
  (type: string, extra: (frame: Frame) => boolean = () => true) =>
  (frame: Frame) =>
    frame.type === type && extra(frame);

/** A frame carrying a message with this clientId / content. */
export const messageFrame = (type: string, clientId: string) =>
  isType(type, (f) => (f.message as { clientId?: string } | undefined)?.clientId === clientId);
