/**
 * LISTEN on either engine (ARCHITECTURE.md, the session cache and the event bus): the pooled
 * connections of a process, and on PostgreSQL one connection of its own that reconnects.
 */

export type ListenHandlers = {
  /** A notification's payload, delivered in commit order. */
  onNotify: (payload: string) => void;
  /**
   * Notifications may have been missed (the listening connection was lost, or is back): what
   * was learnt from them must be forgotten.
   */
  onReset: () => void;
};

export type ChannelListener = {
  /** True while every notification committed from now on will be delivered. */
  readonly live: boolean;
  close: () => Promise<void>;
};

/** LISTEN's channel is an identifier; ours are fixed lower-case names. */
function listenStatement(channel: string): string {
  if (!/^[a-z_]+$/.test(channel)) throw new Error(`not a channel name: ${channel}`);
  return `LISTEN ${channel}`;
}

/** A connection's notification handler: hands on the payloads of `channel`. */
function forwardTo(channel: string, handlers: ListenHandlers) {
  return (message: import("pg").Notification) => {
    if (message.channel === channel) handlers.onNotify(message.payload ?? "");
  };
}

/** Runs on each new connection of a pool before the pool hands it out. */
export type ConnectHook = (client: import("pg").ClientBase) => Promise<void>;

/**
 * Every connection of the pool listens, from before it runs anything else: PostgreSQL hands a
 * session its own notifications as its write commits, before the statement returns. On the
 * embedded database the pool's one connection is the only session and every write goes through
 * it, so this is the whole listener (between two connections nothing can be written).
 */
export async function listenOnPool(
  { pool, hooks }: { pool: import("pg").Pool; hooks: Set<ConnectHook> },
  channel: string,
  handlers: ListenHandlers,
): Promise<ChannelListener> {
  const statement = listenStatement(channel);
  const attached = new WeakSet<import("pg").ClientBase>();
  const attach: ConnectHook = async (client) => {
    if (attached.has(client)) return;
    attached.add(client);
    client.on("notification", forwardTo(channel, handlers));
    await client.query(statement);
  };
  hooks.add(attach);
  // A connection opened before listening began (migrations) listens now; one the pool opens
  // for this very call has run the hook already.
  const client = await pool.connect();
  try {
    await attach(client);
  } finally {
    client.release();
  }
  let closed = false;
  return {
    get live() {
      return !closed;
    },
    close: async () => {
      closed = true;
      hooks.delete(attach);
    },
  };
}

const FIRST_RECONNECT_PAUSE_MS = 250;
const MAX_RECONNECT_PAUSE_MS = 1_000;

/**
 * On PostgreSQL, writes come from every process and every pooled connection: one connection of
 * its own listens, and while it is down the listener is not live (its users must not trust
 * what they remember). It reconnects with growing pauses of at most a second (caches and live
 * events are back within a second of the database), and reports a reset each time it drops and
 * each time it is back. `config` is the pool's: the same server, the same timeouts.
 */
export async function listenOnServer(
  config: import("pg").ClientConfig,
  channel: string,
  handlers: ListenHandlers,
): Promise<ChannelListener> {
  const { default: pg } = await import("pg");
  const statement = listenStatement(channel);
  let live = false;
  let closed = false;
  let client: import("pg").Client | undefined;
  let pause = FIRST_RECONNECT_PAUSE_MS;
  let timer: NodeJS.Timeout | undefined;

  const drop = () => {
    const dropped = client;
    client = undefined;
    if (!dropped) return;
    dropped.removeAllListeners();
    dropped.on("error", () => {});
    dropped.end().catch(() => {});
  };
  const lost = () => {
    if (!live && !client) return;
    live = false;
    drop();
    handlers.onReset();
    if (!closed) {
      timer = setTimeout(connect, pause);
      timer.unref();
      pause = Math.min(pause * 2, MAX_RECONNECT_PAUSE_MS);
    }
  };

  async function connect(): Promise<void> {
    const next = new pg.Client(config);
    client = next;
    next.on("error", lost);
    next.on("end", lost);
    next.on("notification", forwardTo(channel, handlers));
    try {
      await next.connect();
      await next.query(statement);
      if (closed) return;
      live = true;
      pause = FIRST_RECONNECT_PAUSE_MS;
      handlers.onReset();
    } catch {
      lost();
    }
  }

  await connect();
  return {
    get live() {
      return live;
    },
    close: async () => {
      closed = true;
      clearTimeout(timer);
      live = false;
      drop();
    },
  };
}
