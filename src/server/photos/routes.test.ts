import { describe, expect, it } from "vitest";
import { createApp } from "../app";
import { getStorage } from "../lib/storage";

const app = createApp();

describe("GET /media/*", () => {
  it("serves a stored photo with a long immutable cache", async () => {
    const key = `p/test/${crypto.randomUUID().replaceAll("-", "")}.webp`;
    await getStorage().put(key, new Uint8Array([82, 73, 70, 70]));
    const response = await app.request(`/media/${key}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/webp");
    expect(response.headers.get("cache-control")).toContain("immutable");
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(new Uint8Array([82, 73, 70, 70]));
  });

  it("answers 404 for a missing file", async () => {
    const response = await app.request("/media/p/test/0123456789abcdef.webp");
    expect(response.status).toBe(404);
  });

  it("never reads outside the media folder", async () => {
    for (const path of [
      "/media/../package.json",
      "/media/p/%2e%2e/%2e%2e/package.json",
      "/media/.env",
    ]) {
      const response = await app.request(path);
      expect(response.status, path).toBe(404);
    }
  });
});
