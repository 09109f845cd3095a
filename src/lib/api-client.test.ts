import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiRequestError, apiFetch, configureApiClient, retryDelay } from "./api-client";

type Seen = { method: string; url: string; headers: IncomingMessage["headers"] };

// A real HTTP server on loopback stands in for a flaky network: the client code under test
// runs unchanged, with the real fetch.
let server: Server;
let origin: string;
let seen: Seen[] = [];
let script: { status: number; body: unknown }[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    seen.push({ method: request.method ?? "", url: request.url ?? "", headers: request.headers });
    const next = script.shift() ?? { status: 200, body: { ok: true } };
    response.writeHead(next.status, { "content-type": "application/json" });
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
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
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

  it("waits longer before each retry", () => {
    const fixed = () => 0.5;
    const delays = [1, 2, 3, 4, 5].map((attempt) => retryDelay(attempt, fixed));
    expect(delays).toEqual([300, 600, 1200, 2400, 4800]);
  });
});
