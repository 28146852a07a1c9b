/**
 * The tab's one socket to `/ws`. It opens once signed in, reconnects with backoff after any drop,
 * re-joins the conversations being viewed, and keeps every message sent until the server
 * acknowledges it: a send made while disconnected, or one whose acknowledgement was lost with the
 * connection, goes again after reconnecting with the same clientId, which the server stores once.
 */
import { backoffDelay } from "./backoff.ts";
import { type ClientFrame, type FrameOf, type ServerFrameType, parseServerFrame } from "./frames.ts";

export type ConnectionStatus = "idle" | "connecting" | "open" | "waiting";

/** A message sent from this tab that the server has not acknowledged yet (or refused: `failed`). */
export interface OutboxEntry {
  clientId: string;
  conversationId: string;
  content: string;
  /** When it was written, to place it in the list until the server's copy replaces it. */
  queuedAt: string;
  failed?: string;
}

/** The parts of the browser's WebSocket the connection uses (a stand-in in tests). */
export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number): void;
  onopen: ((event: Event) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
}

export interface ConnectionDeps {
  /** The address to connect to, with a fresh token (throws when it cannot be had). */
  address: () => Promise<string>;
  createSocket: (url: string) => SocketLike;
  setTimeout: (fn: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
  random?: () => number;
  newClientId?: () => string;
}

const OPEN = 1;
/** API Gateway closes a socket idle for 10 minutes: a ping well inside that keeps it. */
const KEEPALIVE_MS = 4 * 60_000;

type Listener<T extends ServerFrameType> = (frame: FrameOf<T>) => void;

export class RealtimeConnection {
  private socket: SocketLike | null = null;
  private running = false;
  private attempt = 0;
  private retryTimer: unknown = null;
  private keepaliveTimer: unknown = null;
  private current: ConnectionStatus = "idle";
  private readonly joined = new Set<string>();
  private readonly outbox = new Map<string, OutboxEntry>();
  private readonly frameListeners = new Map<ServerFrameType, Set<(frame: never) => void>>();
  private readonly openListeners = new Set<() => void>();
  private readonly changeListeners = new Set<() => void>();
  private version = 0;
  /** Bumped by start and stop, so a connect begun before a stop does not carry on after it. */
  private generation = 0;

  constructor(private readonly deps: ConnectionDeps) {}

  get status(): ConnectionStatus {
    return this.current;
  }

  /** Changes with every status or outbox change (for `useSyncExternalStore`). */
  get snapshot(): number {
    return this.version;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.generation++;
    void this.connect();
  }

  /** Closes the socket and forgets everything (signing out). */
  stop(): void {
    this.running = false;
    this.generation++;
    this.clearTimers();
    const socket = this.socket;
    this.socket = null;
    socket?.close(1000);
    this.joined.clear();
    this.outbox.clear();
    this.attempt = 0;
    this.setStatus("idle");
  }

  /** Skips the wait before the next attempt (the browser came back online, the tab came back). */
  reconnectNow(): void {
    if (!this.running || this.current !== "waiting") return;
    this.clearTimers();
    void this.connect();
  }

  /** Listens for one kind of server frame; returns the unsubscribe. */
  on<T extends ServerFrameType>(type: T, listener: Listener<T>): () => void {
    let set = this.frameListeners.get(type);
    if (!set) this.frameListeners.set(type, (set = new Set()));
    set.add(listener);
    return () => set.delete(listener);
  }

  /** Called on every successful open — the first and each reconnect — to catch up on what was missed. */
  onOpen(listener: () => void): () => void {
    this.openListeners.add(listener);
    return () => this.openListeners.delete(listener);
  }

  /** Called when the status or the outbox changes. */
  subscribe(listener: () => void): () => void {
    this.changeListeners.add(listener);
    return () => this.changeListeners.delete(listener);
  }

  /** Views a conversation: its messages and typing come live; remembered across reconnects. */
  join(conversationId: string): void {
    this.joined.add(conversationId);
    this.send({ action: "joinConversation", conversationId });
  }

  leave(conversationId: string): void {
    if (!this.joined.delete(conversationId)) return;
    this.send({ action: "leaveConversation", conversationId });
  }

  /** Says whether this person is typing; dropped while disconnected (it is stale by the reconnect). */
  typing(conversationId: string, isTyping: boolean): void {
    this.send({ action: "typing", conversationId, isTyping });
  }

  /** Sends a message (now, or once connected) and keeps it until acknowledged. Returns its clientId. */
  sendMessage(conversationId: string, content: string, clientId = this.newClientId()): string {
    const entry: OutboxEntry = { clientId, conversationId, content, queuedAt: new Date().toISOString() };
    this.outbox.set(clientId, entry);
    this.changed();
    this.sendEntry(entry);
    return clientId;
  }

  /** Sends a refused message again (same clientId). */
  retry(clientId: string): void {
    const entry = this.outbox.get(clientId);
    if (!entry) return;
    const again = { ...entry, failed: undefined };
    this.outbox.set(clientId, again);
    this.changed();
    this.sendEntry(again);
  }

  /** Drops a refused message from the list. */
  dismiss(clientId: string): void {
    if (this.outbox.delete(clientId)) this.changed();
  }

  /**
   * Marks messages as delivered once the server's copy was read some other way (a page fetched
   * after reconnecting holds them with their clientId), in case the acknowledgement was lost.
   */
  acknowledge(clientIds: Iterable<string | null | undefined>): void {
    let any = false;
    for (const id of clientIds) if (id && this.outbox.delete(id)) any = true;
    if (any) this.changed();
  }

  /** This tab's unacknowledged messages in one conversation, in the order they were written. */
  pending(conversationId: string): OutboxEntry[] {
    return [...this.outbox.values()].filter((e) => e.conversationId === conversationId);
  }

  private newClientId(): string {
    return this.deps.newClientId?.() ?? crypto.randomUUID();
  }

  private sendEntry(entry: OutboxEntry) {
    this.send({
      action: "message:new",
      conversationId: entry.conversationId,
      content: entry.content,
      clientId: entry.clientId,
    });
  }

  private send(frame: ClientFrame): boolean {
    const socket = this.socket;
    if (!socket || socket.readyState !== OPEN || this.current !== "open") return false;
    socket.send(JSON.stringify(frame));
    return true;
  }

  private async connect(): Promise<void> {
    const generation = this.generation;
    this.setStatus("connecting");
    let url: string;
    try {
      url = await this.deps.address();
    } catch {
      if (generation === this.generation) this.scheduleRetry();
      return;
    }
    if (!this.running || generation !== this.generation) return;
    let socket: SocketLike;
    try {
      socket = this.deps.createSocket(url);
    } catch {
      this.scheduleRetry();
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      if (socket !== this.socket) return;
      this.attempt = 0;
      this.setStatus("open");
      for (const conversationId of this.joined) this.send({ action: "joinConversation", conversationId });
      for (const entry of this.outbox.values()) if (!entry.failed) this.sendEntry(entry);
      this.keepalive();
      for (const listener of [...this.openListeners]) listener();
    };
    socket.onmessage = (event) => {
      if (socket === this.socket) this.receive(event.data);
    };
    // A refused upgrade, a dropped network or a server restart all end here: try again later.
    socket.onclose = () => {
      if (socket !== this.socket) return;
      this.socket = null;
      this.clearTimers();
      if (this.running) this.scheduleRetry();
    };
    socket.onerror = () => undefined; // a close follows every error
  }

  private receive(data: unknown) {
    const frame = parseServerFrame(data);
    if (!frame) return;
    if (frame.type === "message:new" && frame.message.clientId && this.outbox.delete(frame.message.clientId)) {
      this.changed();
    }
    if (frame.type === "message:error" && frame.clientId) {
      const entry = this.outbox.get(frame.clientId);
      if (entry) {
        this.outbox.set(frame.clientId, { ...entry, failed: frame.error });
        this.changed();
      }
    }
    for (const listener of [...(this.frameListeners.get(frame.type) ?? [])])
      (listener as (f: typeof frame) => void)(frame);
  }

  private scheduleRetry() {
    if (!this.running) return;
    this.setStatus("waiting");
    const delay = backoffDelay(this.attempt++, this.deps.random);
    this.retryTimer = this.deps.setTimeout(() => {
      this.retryTimer = null;
      void this.connect();
    }, delay);
  }

  private keepalive() {
    this.keepaliveTimer = this.deps.setTimeout(() => {
      this.send({ action: "ping" });
      this.keepalive();
    }, KEEPALIVE_MS);
  }

  private clearTimers() {
    if (this.retryTimer !== null) this.deps.clearTimeout(this.retryTimer);
    if (this.keepaliveTimer !== null) this.deps.clearTimeout(this.keepaliveTimer);
    this.retryTimer = null;
    this.keepaliveTimer = null;
  }

  private setStatus(status: ConnectionStatus) {
    if (status === this.current) return;
    this.current = status;
    this.changed();
  }

  private changed() {
    this.version++;
    for (const listener of [...this.changeListeners]) listener();
  }
}
