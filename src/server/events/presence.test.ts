import { afterEach, describe, expect, it, vi } from "vitest";
import { createPresenceRenewal, PRESENCE_RENEW_MS } from "./presence";

afterEach(() => {
  vi.useRealTimers();
});

describe("a process's presence renewal", () => {
  it("renews its members' leases while it holds streams, and keeps no timer once it holds none", async () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    const members: number[] = [];
    const renewed: number[][] = [];
    const renewal = createPresenceRenewal(
      async (userIds) => void renewed.push(userIds),
      () => members,
    );
    members.push(7, 9);
    renewal.keep();
    renewal.keep();
    expect(vi.getTimerCount()).toBe(1);
    await vi.advanceTimersByTimeAsync(PRESENCE_RENEW_MS * 2);
    expect(renewed).toEqual([
      [7, 9],
      [7, 9],
    ]);

    members.length = 0;
    await vi.advanceTimersByTimeAsync(PRESENCE_RENEW_MS);
    expect(vi.getTimerCount()).toBe(0);
    expect(renewed).toHaveLength(2);

    // The next stream starts it again.
    members.push(3);
    renewal.keep();
    await vi.advanceTimersByTimeAsync(PRESENCE_RENEW_MS);
    expect(renewed.at(-1)).toEqual([3]);
  });

  it("logs a failed renewal and goes on", async () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    let calls = 0;
    const renewal = createPresenceRenewal(
      async () => {
        calls++;
        throw new Error("database away");
      },
      () => [7],
    );
    renewal.keep();
    await vi.advanceTimersByTimeAsync(PRESENCE_RENEW_MS * 2);
    expect(calls).toBe(2);
    expect(logged).toHaveBeenCalledWith("presence renewal failed:", expect.any(Error));
  });
});
