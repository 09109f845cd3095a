import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { UPLOAD_LIMITS } from "../photos/processing";
import type { AppEnv } from "./context";

const KB = 1024;

/**
 * design §10: every request body has a limit fitting its call, checked before it is read (by
 * Content-Length) or while it streams in (chunked), so a huge body costs neither memory nor a
 * parse. Calls not listed carry a few small fields (ids, an address, a password, switches).
 */
export const DEFAULT_BODY_LIMIT = 4 * KB;

/**
 * The calls that carry more, by "METHOD /api/path". `route: true`: the route applies the limit
 * itself, to answer with its own message.
 */
export const BODY_LIMITS: Readonly<Record<string, { bytes: number; route?: true }>> = {
  // Free text: the longest field (a complaint's 5 000 characters) at up to 4 bytes each in
  // UTF-8, and the other fields.
  "POST /api/signup.php": { bytes: 32 * KB },
  "POST /api/complaints.php": { bytes: 32 * KB },
  "PUT /api/profile.php": { bytes: 32 * KB },
  // A message: up to 10 000 UTF-16 units of text (the longest site message_length, emoji or
  // CJK at up to 4 bytes each in UTF-8) and its envelope.
  "POST /api/message.php": { bytes: 48 * KB },
  // A report's note: 1 000 characters, up to 4 bytes each.
  "POST /api/report.php": { bytes: 8 * KB },
  // The photo plus the multipart envelope (photos/routes.ts: "This file is larger than 15 MB").
  "POST /api/photos.php": { bytes: UPLOAD_LIMITS.maxBytes + 64 * KB, route: true },
  "POST /api/chat-image.php": { bytes: UPLOAD_LIMITS.maxBytes + 64 * KB, route: true },
};

/**
 * Calls with a path parameter, by method and path prefix. A legal text (issue 28): up to
 * 60 000 characters (MAX_LEGAL_MARKDOWN) at up to 4 bytes each, and its envelope.
 */
const PREFIX_BODY_LIMITS: readonly { methods: readonly string[]; prefix: string; bytes: number }[] =
  [
    { methods: ["PUT", "POST"], prefix: "/api/staff/legal/", bytes: 248 * KB },
    // issue 28: an agent's reply, notes and canned answers are free text.
    { methods: ["PUT", "POST"], prefix: "/api/staff/inbox/", bytes: 32 * KB },
  ];

function limitOf(method: string, path: string): { bytes: number; route?: true } | undefined {
  return (
    BODY_LIMITS[`${method} ${path}`] ??
    PREFIX_BODY_LIMITS.find(
      (limit) => limit.methods.includes(method) && path.startsWith(limit.prefix),
    )
  );
}

/** A listed call's limit in bytes (for a route that applies its own). */
export function getBodyLimit(call: keyof typeof BODY_LIMITS): number {
  return BODY_LIMITS[call]?.bytes ?? DEFAULT_BODY_LIMIT;
}

/** Form posts to pages (login, language): a few short fields. */
export const PAGE_FORM_LIMIT = 16 * KB;

/**
 * The complaint form's post to its page (before its island hydrates): 5 000 UTF-16 units of text
 * (the form and the schema count them), form-encoded at up to 9 bytes a unit (`語` is `%E8%AA%9E`;
 * an emoji's 12 bytes are two units), 45 KB, and the other fields.
 */
export const COMPLAINT_FORM_LIMIT = 64 * KB;

/**
 * The limit of a form post to a page, by its path (unprefixed or under a locale, `/de/…`).
 * @example pageFormLimit("/complaints") // COMPLAINT_FORM_LIMIT
 */
export function pageFormLimit(pathname: string): number {
  return /^(?:\/[a-z]{2})?\/complaints$/.test(pathname) ? COMPLAINT_FORM_LIMIT : PAGE_FORM_LIMIT;
}

/** The whole server's ceiling (the Node adapter's bodySizeLimit), above every call's limit. */
export const SERVER_BODY_LIMIT = Math.max(
  ...Object.values(BODY_LIMITS).map((limit) => limit.bytes),
  ...PREFIX_BODY_LIMITS.map((limit) => limit.bytes),
  PAGE_FORM_LIMIT,
  COMPLAINT_FORM_LIMIT,
);

const limiters = new Map<number, MiddlewareHandler<AppEnv>>();

function limiterFor(maxSize: number): MiddlewareHandler<AppEnv> {
  let limiter = limiters.get(maxSize);
  if (!limiter) {
    limiter = bodyLimit({
      maxSize,
      onError: (c) =>
        c.json(
          {
            error: "payload_too_large",
            message: c.get("t")("error.payloadTooLarge", { size: Math.round(maxSize / KB) }),
          },
          413,
        ),
    });
    limiters.set(maxSize, limiter);
  }
  return limiter;
}

/**
 * The API's body limit: the call's entry in BODY_LIMITS, else DEFAULT_BODY_LIMIT. GET and HEAD
 * pass: no route reads their body, and asking for one (`c.req.raw.body`, as Hono's bodyLimit
 * does) turns @hono/node-server's light request into a full one, which cost the hot path a
 * tenth of its time (bench).
 */
export function requestBodyLimit(): MiddlewareHandler<AppEnv> {
  return (c, next) => {
    if (c.req.method === "GET" || c.req.method === "HEAD") return next();
    const limit = limitOf(c.req.method, c.req.path);
    if (limit?.route) return next();
    return limiterFor(limit?.bytes ?? DEFAULT_BODY_LIMIT)(c, next);
  };
}
