import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import {
  ApiRequestError,
  api,
  apiFetch,
  configureApiClient,
  fillPath,
  newIdempotencyKey,
  parseRetryAfter,
  retryDelay,
} from "./api-client";

type Seen = { method: string; url: string; headers: IncomingMessage["headers"] };

// A real HTTP server on loopback stands in for a flaky network: the client code under test
// runs unchanged, with the real fetch.
let server: Server;
let origin: string;
let seen: Seen[] = [];
let script: { status: number; body: unknown; headers?: Record<string, string> }[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    seen.push({ method: request.method ?? "", url: request.url ?? "", headers: request.headers });
    const next = script.shift() ?? { status: 200, body: { ok: true } };
    response.writeHead(next.status, { "content-type": "application/json", ...next.headers });
    response.end(JSON.stringify(next.body));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  vi.stubGlobal("location", new URL(origin));
});

afterAll(() => {
  vi.unstubAllGlobals();
  server.close();
});

beforeEach(() => {
  seen = [];
  script = [];
  vi.useFakeTimers({ toFake: ["setTimeout"], shouldAdvanceTime: true, advanceTimeDelta: 50 });
});

describe("apiFetch", () => {
  it("retries failed calls up to 5 times, then gives the error", async () => {
    script = Array.from({ length: 6 }, () => ({
      status: 503,
      body: { error: "internal", message: "down" },
    }));
    const call = apiFetch("/api/chats.php").catch((error: unknown) => error);
    await vi.runAllTimersAsync();
    const error = await call;
    expect(error).toBeInstanceOf(ApiRequestError);
    expect((error as ApiRequestError).status).toBe(503);
    expect(seen).toHaveLength(6);
  });

  it("succeeds when a retry gets through", async () => {
    script = [
      { status: 502, body: {} },
      { status: 200, body: { value: 42 } },
    ];
    const call = apiFetch<{ value: number }>("/api/chats.php");
    await vi.runAllTimersAsync();
    expect(await call).toEqual({ value: 42 });
    expect(seen).toHaveLength(2);
  });

  it("sends a write's retries with one and the same Idempotency-Key", async () => {
    script = [
      { status: 500, body: {} },
      { status: 500, body: {} },
      { status: 200, body: {} },
    ];
    const call = apiFetch("/api/user.php", { method: "PUT", body: { language: "da" } });
    await vi.runAllTimersAsync();
    await call;
    const keys = seen.map((request) => request.headers["idempotency-key"]);
    expect(keys).toHaveLength(3);
    expect(new Set(keys).size).toBe(1);
    // 128 random bits: visitors' keys share one scope per site, so they must be unguessable.
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
  });

  it("sends the key of an intent that outlives the call, so a second press is the same write", async () => {
    script = [
      { status: 503, body: { error: "database_unavailable" } },
      { status: 200, body: {} },
    ];
    const key = newIdempotencyKey();
    const body = { conversation: 7, text: "Hi" };
    const failed = apiFetch("/api/message.php", {
      method: "POST",
      body,
      retries: 0,
      idempotencyKey: key,
    }).catch((error: unknown) => error);
    await vi.runAllTimersAsync();
    expect(await failed).toBeInstanceOf(ApiRequestError);
    await apiFetch("/api/message.php", { method: "POST", body, idempotencyKey: key });
    expect(seen.map((request) => request.headers["idempotency-key"])).toEqual([key, key]);
  });

  it("gives up after one request on a 429 whose Retry-After is a day, with the server's message", async () => {
    script = [
      {
        status: 429,
        body: { error: "reset_limit", message: "Please try again tomorrow" },
        headers: { "retry-after": "86400" },
      },
    ];
    const error = (await apiFetch("/api/password-reset.php", {
      method: "POST",
      body: { email: "a@example.com" },
    }).catch((caught: unknown) => caught)) as ApiRequestError;
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error.status).toBe(429);
    expect(error.message).toBe("Please try again tomorrow");
    expect(seen).toHaveLength(1);
  });

  it("retries a 429 once after its Retry-After of 1 s, with the same Idempotency-Key", async () => {
    const timeouts = vi.spyOn(globalThis, "setTimeout");
    script = [
      { status: 429, body: { error: "rate_limited" }, headers: { "retry-after": "1" } },
      { status: 200, body: { status: "check_mail" } },
    ];
    const call = apiFetch("/api/password-reset.php", {
      method: "POST",
      body: { email: "a@example.com" },
    });
    await vi.runAllTimersAsync();
    expect(await call).toEqual({ status: "check_mail" });
    expect(seen).toHaveLength(2);
    // The wait between the two requests is the server's second (the backoff's first step
    // would be 255–345 ms, with jitter).
    expect(timeouts.mock.calls.map(([, delay]) => delay)).toContain(1000);
    const keys = seen.map((request) => request.headers["idempotency-key"]);
    expect(keys[0]).toBeDefined();
    expect(keys[1]).toBe(keys[0]);
    timeouts.mockRestore();
  });

  it("does not retry a 429 without Retry-After", async () => {
    script = [{ status: 429, body: { error: "login_blocked", message: "Blocked for 15 minutes" } }];
    const error = (await apiFetch("/api/user.php", { method: "POST", body: {} }).catch(
      (caught: unknown) => caught,
    )) as ApiRequestError;
    expect(error.status).toBe(429);
    expect(seen).toHaveLength(1);
  });

  it("gives up at once on a 503 whose Retry-After is beyond the 5 s it waits for", async () => {
    script = [{ status: 503, body: { error: "maintenance" }, headers: { "retry-after": "600" } }];
    const error = (await apiFetch("/api/chats.php").catch(
      (caught: unknown) => caught,
    )) as ApiRequestError;
    expect(error.status).toBe(503);
    expect(seen).toHaveLength(1);
  });

  it("reads Retry-After as seconds or as an HTTP date", () => {
    const now = Date.parse("Wed, 21 Oct 2026 07:28:00 GMT");
    expect(parseRetryAfter("120", now)).toBe(120_000);
    expect(parseRetryAfter("Wed, 21 Oct 2026 07:28:03 GMT", now)).toBe(3_000);
    expect(parseRetryAfter("Wed, 21 Oct 2026 07:27:00 GMT", now)).toBe(0);
    expect(parseRetryAfter("soon", now)).toBeNull();
    expect(parseRetryAfter(null, now)).toBeNull();
  });

  it("does not retry a client error", async () => {
    script = [{ status: 422, body: { error: "validation", fields: { email: "Invalid email" } } }];
    const error = (await apiFetch("/api/user.php", { method: "POST", body: {} }).catch(
      (caught: unknown) => caught,
    )) as ApiRequestError;
    expect(error.fields).toEqual({ email: "Invalid email" });
    expect(seen).toHaveLength(1);
  });

  it("adds X-Request-Type: client to calls ending in user.php only", async () => {
    await apiFetch("/api/user.php");
    await apiFetch("/api/settings.php");
    expect(seen[0]?.headers["x-request-type"]).toBe("client");
    expect(seen[1]?.headers["x-request-type"]).toBeUndefined();
  });

  it("logs the client out on 403 authentication_required", async () => {
    const onAuthenticationRequired = vi.fn();
    configureApiClient({ onAuthenticationRequired });
    script = [{ status: 403, body: { error: "authentication_required" } }];
    await apiFetch("/api/user.php").catch(() => {});
    expect(onAuthenticationRequired).toHaveBeenCalledOnce();
  });

  it("tells the activation reminder why an unconfirmed account was refused (issue 25)", async () => {
    const onEmailUnconfirmed = vi.fn();
    configureApiClient({ onEmailUnconfirmed });
    const message = "Please confirm your e-mail address first.";
    script = [{ status: 403, body: { error: "email_unconfirmed", message } }];
    await expect(apiFetch("/api/like.php", { method: "POST", body: { id: 1 } })).rejects.toThrow(
      message,
    );
    expect(onEmailUnconfirmed).toHaveBeenCalledExactlyOnceWith(message);
    configureApiClient({ onEmailUnconfirmed: () => {} });
  });

  it("waits longer before each retry", () => {
    const fixed = () => 0.5;
    const delays = [1, 2, 3, 4, 5].map((attempt) => retryDelay(attempt, fixed));
    expect(delays).toEqual([300, 600, 1200, 2400, 4800]);
  });
});

describe("api", () => {
  it("calls its endpoint's method and path, through apiFetch", async () => {
    script = [
      { status: 500, body: {} },
      { status: 200, body: { message: { id: 7 }, credits: 3 } },
    ];
    const call = api("POST /api/message.php", {
      body: { conversation: 1, text: "Hej" },
      idempotencyKey: "a".repeat(32),
    });
    await vi.runAllTimersAsync();
    expect((await call).credits).toBe(3);
    expect(seen.map((request) => [request.method, request.url])).toEqual([
      ["POST", "/api/message.php"],
      ["POST", "/api/message.php"],
    ]);
    expect(seen.map((request) => request.headers["idempotency-key"])).toEqual([
      "a".repeat(32),
      "a".repeat(32),
    ]);
  });

  it("sends a GET's query and no body", async () => {
    script = [{ status: 200, body: { order: { id: 5 } } }];
    const answer = await api("GET /api/order.php", { query: { id: 5 } });
    expect(answer.order.id).toBe(5);
    expect(seen[0]).toMatchObject({ method: "GET", url: "/api/order.php?id=5" });
    expect(seen[0]?.headers["content-type"]).toBeUndefined();
    expect(seen[0]?.headers["idempotency-key"]).toBeUndefined();
  });

  it("fills the path's {id} from params, encoded as one segment", async () => {
    script = [{ status: 200, body: { credits: 12 } }];
    const answer = await api("POST /api/staff/members/{id}/credits", {
      params: { id: 42 },
      body: { delta: 10, reason: "goodwill" },
    });
    expect(answer.credits).toBe(12);
    expect(seen[0]).toMatchObject({ method: "POST", url: "/api/staff/members/42/credits" });
    expect(fillPath("/a/{id}/b/{name}", { id: "1/2", name: "x y" })).toBe("/a/1%2F2/b/x%20y");
    expect(() => fillPath("/a/{id}", {})).toThrow("no value for {id}");
  });
});
