import type { MessageKey } from "../../i18n/catalogues";

/**
 * Failures that are not the request's fault and not a bug: the database is away (restarting,
 * failing over, refusing connections) or a disk is full. The app answers them 503 with a code of
 * their own (ARCHITECTURE.md, "When the database goes away or the disk fills"), never a 500, and
 * the process lives on: the next request after the database is back succeeds.
 */
export type Outage = "database_unavailable" | "storage_full";

/** What a member is told of each outage. */
export const OUTAGE_MESSAGES = {
  database_unavailable: "error.databaseUnavailable",
  storage_full: "error.storageFull",
} as const satisfies Record<Outage, MessageKey>;

/**
 * SQLSTATEs of a database that is away or refusing work for now (PostgreSQL Appendix A):
 * class 08 connection exceptions, and the server shutting down, crashed, starting up or full
 * of connections.
 */
const UNAVAILABLE_SQLSTATES = new Set(["57P01", "57P02", "57P03", "53300"]);
/** Node's socket errors when the server is not there, or the connection to it broke. */
const UNAVAILABLE_ERRNOS = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ECONNABORTED",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EAI_AGAIN",
]);
/** node-postgres and pg-pool say these in words only. */
const UNAVAILABLE_MESSAGES = [
  "Connection terminated",
  "is not queryable",
  "timeout exceeded when trying to connect",
  "Connection terminated due to connection timeout",
];

type ErrorLike = {
  code?: unknown;
  message?: unknown;
  cause?: unknown;
  errors?: unknown;
};

/** The error and what it wraps (drizzle's query error keeps the driver's as its cause). */
function* chainOf(error: unknown, depth = 0): Generator<ErrorLike> {
  if (!error || typeof error !== "object" || depth > 5) return;
  const link = error as ErrorLike;
  yield link;
  yield* chainOf(link.cause, depth + 1);
  // Node reports a refused connection to every address of a host as an AggregateError.
  if (Array.isArray(link.errors)) for (const inner of link.errors) yield* chainOf(inner, depth + 1);
}

/**
 * Which outage an error shows, if any.
 * @example outageOf(Object.assign(new Error("could not extend file"), { code: "53100" })) // "storage_full"
 */
export function outageOf(error: unknown): Outage | null {
  let outage: Outage | null = null;
  for (const link of chainOf(error)) {
    const code = typeof link.code === "string" ? link.code : "";
    // A full disk is named first: a write refused for it is not helped by waiting a second.
    if (code === "53100" || code === "ENOSPC" || code === "EDQUOT") return "storage_full";
    const message = typeof link.message === "string" ? link.message : "";
    if (/no space left on device/i.test(message)) return "storage_full";
    if (
      code.startsWith("08") ||
      UNAVAILABLE_SQLSTATES.has(code) ||
      UNAVAILABLE_ERRNOS.has(code) ||
      UNAVAILABLE_MESSAGES.some((words) => message.includes(words))
    ) {
      outage = "database_unavailable";
    }
  }
  return outage;
}

/**
 * For a `.catch` of what a page may show without: null on an outage, else the error again. The
 * page shell's badges are read while the page already streams (its 200 sent), where a failure
 * could only cut the page off.
 * @example const badges = await loadNavBadges(db, member).catch(nullOnOutage);
 */
export function nullOnOutage(error: unknown): null {
  if (outageOf(error)) return null;
  throw error;
}

let lastLogged = 0;
/** An outage fails every request: it is logged once per this many milliseconds, not per request. */
const OUTAGE_LOG_INTERVAL_MS = 10_000;

/** Logs an outage's error, at most once per interval (the first of a burst). */
export function logOutage(outage: Outage, error: unknown, now = Date.now()): void {
  if (now - lastLogged < OUTAGE_LOG_INTERVAL_MS) return;
  lastLogged = now;
  const reason = error instanceof Error ? (error.cause ?? error).toString() : String(error);
  console.error(`${outage}: ${reason} (further ones are not logged for 10 s)`);
}
