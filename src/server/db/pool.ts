import { logOutage } from "../lib/outage";

/*
 * The node-postgres pool as both engines use it (client.ts): connections that survive a broken
 * peer or a failed statement without ending the process, and hooks run on each new connection
 * (listen.ts makes every one of them LISTEN).
 */

/** How long opening a connection to PostgreSQL may take before the request is answered 503. */
export const CONNECT_TIMEOUT_MS = 5_000;

export type ConnectHook = (client: import("pg").ClientBase) => Promise<void>;

/**
 * A pg pool whose every new connection runs `hooks` (awaited, in order) before the pool hands
 * it out for its first query (pg-pool's onConnect).
 */
export function hookedPool(
  pg: typeof import("pg").default,
  config: import("pg").PoolConfig,
): { pool: import("pg").Pool; hooks: Set<ConnectHook> } {
  const hooks = new Set<ConnectHook>();
  const pool = new pg.Pool({
    ...config,
    onConnect: async (client) => {
      // pg-pool listens for a connection's errors only while it is idle: one that breaks while
      // handed out (a query or transaction under way when the database restarts) would throw
      // its `error` event at the process and end it. The statement under way fails with the
      // error anyway, and the pool drops the broken connection when it is handed back.
      client.on("error", ignoreError);
      for (const hook of hooks) await hook(client);
    },
  });
  // An idle connection cut by a restart or failover of the database: the pool has dropped it
  // already, and the next query opens a new one. Unheard, this event would end the process.
  pool.on("error", (error) => logOutage("database_unavailable", error));
  return { pool, hooks };
}

function ignoreError(): void {}

/**
 * pg-pool's `pool.query` hands its connection back with the statement's error, which closes
 * the connection (a syntax error, a constraint, a trigger's refusal). This one hands it back
 * as fine: a failed statement leaves a connection usable, and one that broke reports it
 * through its own error event, on which the pool drops it.
 */
export function keepConnectionOnStatementErrors(pool: import("pg").Pool): void {
  const query = async (...args: unknown[]) => {
    const client = await pool.connect();
    try {
      return await (client.query as (...all: unknown[]) => Promise<unknown>)(...args);
    } finally {
      client.release();
    }
  };
  pool.query = query as typeof pool.query;
}
