/**
 * The one fetch wrapper every island uses (spec §7, design §6):
 * - retries a failed call up to 5 times with exponential delay (network errors, 408, 429, 5xx),
 *   honouring the server's Retry-After: a short one is waited for, a long one ends the call at
 *   once with the server's message (see retryWait);
 * - writes carry an Idempotency-Key (128 random bits) that stays the same across retries, so the
 *   server applies a retried write once, for visitors as for members;
 * - calls ending in user.php carry X-Request-Type: client;
 * - 403 authentication_required logs the client out (spec §8);
 * - 403 email_unconfirmed tells the activation reminder, which offers the link again (issue 25).
 */

import type { ApiEndpoint, ApiEndpoints } from "../contract/endpoints";
import type { ErrorCode } from "../contract/errors";

export const MAX_RETRIES = 5;
const BASE_DELAY_MS = 300;
/**
 * The longest Retry-After worth waiting for: 5 s, about the longest step of our own backoff
 * (4.8 s) and about as long as a person waits on a button before wanting an answer. Our own
 * 429s name waits of minutes to a day ('try again tomorrow'): those are shown at once.
 */
export const MAX_RETRY_AFTER_MS = 5_000;

/**
 * What ApiRequestError.code may be: a server's code (ErrorCode), or one of the client's own:
 * "network" (no answer at all), "http_error" (an error answer that was not our JSON, such as a
 * proxy's page), "push_failed" (the browser's push service failed: PushSection). A union, so an
 * island comparing against a misspelt code fails the type check.
 */
export type ClientErrorCode = ErrorCode | "network" | "http_error" | "push_failed";

export type ApiErrorBody = {
  error: ClientErrorCode;
  message?: string;
  fields?: Record<string, string>;
};

export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly body: ApiErrorBody,
  ) {
    super(body.message ?? body.error);
    this.name = "ApiRequestError";
  }
  get code(): ClientErrorCode {
    return this.body.error;
  }
  get fields(): Record<string, string> {
    return this.body.fields ?? {};
  }
}

export type ApiRequestOptions = {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  body?: unknown;
  query?: Record<string, string | number | undefined | null>;
  signal?: AbortSignal;
  /** Defaults to MAX_RETRIES; 0 for calls that must not repeat (login). */
  retries?: number;
  /**
   * A write's key when it outlives this call (newIdempotencyKey): the member's one intent, such
   * as a message or a payment, pressed again after a failure. The server then answers a write
   * that did commit with its first answer instead of doing it twice. Without it, each call has
   * a key of its own, kept across its retries.
   */
  idempotencyKey?: string;
};

type Listeners = {
  onAuthenticationRequired: () => void;
  /** An unconfirmed account was refused what waits for the confirmation (the server's reason). */
  onEmailUnconfirmed: (message: string) => void;
  onRequestStart: () => void;
  onRequestEnd: () => void;
};

const listeners: Listeners = {
  onAuthenticationRequired: () => {},
  onEmailUnconfirmed: () => {},
  onRequestStart: () => {},
  onRequestEnd: () => {},
};

/** Lets the stores react to the client (logout on 403, loading bar on slow calls). */
export function configureApiClient(handlers: Partial<Listeners>): void {
  Object.assign(listeners, handlers);
}

/** Delay before retry n (1-based): 300 ms, 600 ms, 1.2 s, 2.4 s, 4.8 s, with a little jitter. */
export function retryDelay(attempt: number, random: () => number = Math.random): number {
  return BASE_DELAY_MS * 2 ** (attempt - 1) * (0.85 + random() * 0.3);
}

/**
 * Retry-After in milliseconds, from delay-seconds or an HTTP date (RFC 9110 §10.2.3); null when
 * absent or unreadable.
 */
export function parseRetryAfter(value: string | null, now: number = Date.now()): number | null {
  if (value === null) return null;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const date = Date.parse(text);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

/**
 * How long to wait before retrying an error answer, or null to give up now. A Retry-After rules:
 * waited for when short, else the server's answer is final. A 429 without one is not retried:
 * every 429 of ours comes from a rate limit whose window is minutes to a day, and each retry
 * would count against that same limit. Other retryable statuses back off exponentially.
 */
function retryWait(response: Response, attempt: number): number | null {
  const status = response.status;
  if (status !== 408 && status !== 429 && status < 500) return null;
  const retryAfter = parseRetryAfter(response.headers.get("retry-after"));
  if (retryAfter !== null) return retryAfter <= MAX_RETRY_AFTER_MS ? retryAfter : null;
  return status === 429 ? null : retryDelay(attempt);
}

/**
 * Did a write end without the server's verdict (no answer, or a 5xx after every retry)? Then it
 * may have been applied: pressing again must reuse its key (ApiRequestOptions.idempotencyKey).
 * A refusal (4xx) is final, and its key would only replay it.
 */
export function isOutcomeUnknown(caught: unknown): boolean {
  return !(caught instanceof ApiRequestError) || caught.status === 0 || caught.status >= 500;
}

/** 128 random bits in hex: the server wants visitors' keys unguessable. */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener("abort", () => {
      clearTimeout(timer);
      reject(signal.reason);
    });
  });

/**
 * Calls the API and returns the parsed JSON body; throws ApiRequestError for an error answer.
 * @example await apiFetch<{ user: User }>("/api/user.php")
 */
export async function apiFetch<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  const method = options.method ?? "GET";
  const url = new URL(path, globalThis.location?.origin ?? "http://localhost");
  for (const [name, value] of Object.entries(options.query ?? {})) {
    if (value !== undefined && value !== null && value !== "") {
      url.searchParams.set(name, String(value));
    }
  }
  const headers: Record<string, string> = { accept: "application/json" };
  if (url.pathname.endsWith("user.php")) headers["x-request-type"] = "client";
  // A FormData body (a photo upload) sets its own multipart content type.
  const isForm = typeof FormData !== "undefined" && options.body instanceof FormData;
  if (options.body !== undefined && !isForm) headers["content-type"] = "application/json";
  if (method !== "GET") headers["idempotency-key"] = options.idempotencyKey ?? newIdempotencyKey();
  const retries = options.retries ?? MAX_RETRIES;

  listeners.onRequestStart();
  try {
    for (let attempt = 0; ; attempt++) {
      let response: Response;
      try {
        response = await fetch(url, {
          method,
          headers,
          body:
            options.body === undefined
              ? undefined
              : isForm
                ? (options.body as FormData)
                : JSON.stringify(options.body),
          credentials: "same-origin",
          signal: options.signal,
        });
      } catch (error) {
        if (options.signal?.aborted || attempt >= retries) {
          throw error instanceof ApiRequestError
            ? error
            : new ApiRequestError(0, { error: "network" });
        }
        await sleep(retryDelay(attempt + 1), options.signal);
        continue;
      }
      if (response.ok) return (await response.json()) as T;
      const wait = attempt < retries ? retryWait(response, attempt + 1) : null;
      if (wait !== null) {
        // Unread bodies hold their connection; this one is not needed.
        await response.body?.cancel();
        await sleep(wait, options.signal);
        continue;
      }
      const body = (await response.json().catch(() => ({ error: "http_error" }))) as ApiErrorBody;
      if (response.status === 403 && body.error === "authentication_required") {
        listeners.onAuthenticationRequired();
      }
      if (response.status === 403 && body.error === "email_unconfirmed") {
        listeners.onEmailUnconfirmed(body.message ?? body.error);
      }
      throw new ApiRequestError(response.status, body);
    }
  } finally {
    listeners.onRequestEnd();
  }
}

/** The `{name}` parameters of an endpoint's path: "GET /api/staff/members/{id}" → "id". */
export type PathParamNames<P extends string> = P extends `${string}{${infer Name}}${infer Rest}`
  ? Name | PathParamNames<Rest>
  : never;

/** A path's parameters: required, one value each, when the path has any; else none. */
type PathParamsOption<E extends ApiEndpoint> = [PathParamNames<E>] extends [never]
  ? { params?: undefined }
  : { params: Record<PathParamNames<E>, number | string> };

/** A typed call's options: the method comes from the endpoint, the body from the contract. */
export type EndpointOptions<E extends ApiEndpoint> = Omit<ApiRequestOptions, "method" | "body"> &
  (ApiEndpoints[E]["body"] extends undefined
    ? { body?: undefined }
    : { body: ApiEndpoints[E]["body"] }) &
  PathParamsOption<E>;

/** Whether a call must pass options: it has a body or path parameters. */
type OptionsRequired<E extends ApiEndpoint> = ApiEndpoints[E]["body"] extends undefined
  ? [PathParamNames<E>] extends [never]
    ? false
    : true
  : true;

/**
 * Puts each `{name}` of a path's template in its place, encoded as one path segment; a name
 * without a value is a programming error.
 * @example fillPath("/api/staff/members/{id}", { id: 7 }) // "/api/staff/members/7"
 */
export function fillPath(template: string, params: Record<string, number | string> = {}): string {
  return template.replace(/\{([a-z_]+)\}/gi, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === "")
      throw new Error(`no value for {${name}} in ${template}`);
    return encodeURIComponent(String(value));
  });
}

/**
 * apiFetch for a call the contract describes (ApiEndpoints): the body is checked and the answer
 * typed, without a cast; the path's `{id}`s are filled from `params`. Same retries,
 * Idempotency-Key and 403 handling: it is apiFetch.
 * @example await api("POST /api/message.php", { body: { conversation, text }, idempotencyKey })
 * @example await api("GET /api/staff/members/{id}", { params: { id: 7 } })
 */
export function api<E extends ApiEndpoint>(
  endpoint: E,
  ...[options]: OptionsRequired<E> extends true
    ? [options: EndpointOptions<E>]
    : [options?: EndpointOptions<E>]
): Promise<ApiEndpoints[E]["answer"]> {
  const space = endpoint.indexOf(" ");
  const method = endpoint.slice(0, space) as NonNullable<ApiRequestOptions["method"]>;
  const { params, ...rest } = (options ?? {}) as ApiRequestOptions & {
    params?: Record<string, number | string>;
  };
  return apiFetch(fillPath(endpoint.slice(space + 1), params), { ...rest, method });
}
