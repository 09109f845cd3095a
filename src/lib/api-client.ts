/**
 * The one fetch wrapper every island uses (spec §7, design §6):
 * - retries a failed call up to 5 times with exponential delay (network errors, 429, 5xx);
 * - writes carry an Idempotency-Key that stays the same across retries, so the server applies
 *   a retried write once;
 * - calls ending in user.php carry X-Request-Type: client;
 * - 403 authentication_required logs the client out (spec §8).
 */

export const MAX_RETRIES = 5;
const BASE_DELAY_MS = 300;

export type ApiErrorBody = { error: string; message?: string; fields?: Record<string, string> };

export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly body: ApiErrorBody,
  ) {
    super(body.message ?? body.error);
    this.name = "ApiRequestError";
  }
  get code(): string {
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
};

type Listeners = {
  onAuthenticationRequired: () => void;
  onRequestStart: () => void;
  onRequestEnd: () => void;
};

const listeners: Listeners = {
  onAuthenticationRequired: () => {},
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

function isRetryable(status: number): boolean {
  return status === 408 || status === 429 || status >= 500;
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
  if (method !== "GET") headers["idempotency-key"] = crypto.randomUUID();
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
      if (isRetryable(response.status) && attempt < retries) {
        await sleep(retryDelay(attempt + 1), options.signal);
        continue;
      }
      const body = (await response.json().catch(() => ({ error: "http_error" }))) as ApiErrorBody;
      if (response.status === 403 && body.error === "authentication_required") {
        listeners.onAuthenticationRequired();
      }
      throw new ApiRequestError(response.status, body);
    }
  } finally {
    listeners.onRequestEnd();
  }
}
