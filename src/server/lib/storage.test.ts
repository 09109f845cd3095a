import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLocalStorage, createS3Storage, type Storage, withMemoryCache } from "./storage";

/**
 * A small stand-in for an S3-compatible service (we do not own S3's HTTP API): it keeps
 * objects in memory and refuses requests that are not SigV4-signed for the right bucket.
 */
function startFakeS3(): Promise<{
  server: Server;
  endpoint: string;
  objects: Map<string, Buffer>;
}> {
  const objects = new Map<string, Buffer>();
  const server = createServer((request, response) => {
    const auth = request.headers.authorization ?? "";
    if (
      !auth.startsWith("AWS4-HMAC-SHA256 Credential=test-key/") ||
      !auth.includes("/eu-test/s3/")
    ) {
      response.writeHead(403).end();
      return;
    }
    const key = decodeURIComponent(request.url ?? "");
    if (!key.startsWith("/photos-bucket/")) {
      response.writeHead(404).end();
      return;
    }
    if (request.method === "PUT") {
      const chunks: Buffer[] = [];
      request.on("data", (chunk: Buffer) => chunks.push(chunk));
      request.on("end", () => {
        objects.set(key, Buffer.concat(chunks));
        response.writeHead(200).end();
      });
      return;
    }
    if (request.method === "DELETE") {
      objects.delete(key);
      response.writeHead(204).end();
      return;
    }
    const body = objects.get(key);
    if (!body) response.writeHead(404).end();
    else response.writeHead(200, { "content-type": "image/webp" }).end(body);
  });
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () =>
      resolve({
        server,
        endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        objects,
      }),
    ),
  );
}

describe("createS3Storage", () => {
  let fake: Awaited<ReturnType<typeof startFakeS3>>;
  beforeAll(async () => {
    fake = await startFakeS3();
  });
  afterAll(() => fake.server.close());

  const bucketWith = (accessKeyId: string) =>
    createS3Storage({
      endpoint: fake.endpoint,
      bucket: "photos-bucket",
      region: "eu-test",
      accessKeyId,
      secretAccessKey: "test-secret",
    });

  it("puts, gets and removes objects with signed requests", async () => {
    const storage = bucketWith("test-key");
    const bytes = new Uint8Array([1, 2, 3, 4]);
    await storage.put("p/ab/abc123-main.webp", bytes);
    expect(fake.objects.has("/photos-bucket/p/ab/abc123-main.webp")).toBe(true);
    expect(await storage.get("p/ab/abc123-main.webp")).toEqual(bytes);
    await storage.remove("p/ab/abc123-main.webp");
    expect(await storage.get("p/ab/abc123-main.webp")).toBeNull();
  });

  it("fails loudly when the service refuses, and never sends an unsafe key", async () => {
    const storage = bucketWith("wrong-key");
    await expect(storage.put("p/ab/x-main.webp", new Uint8Array([1]))).rejects.toThrow(/403/);
    await expect(storage.get("../etc/passwd")).rejects.toThrow(/Unsafe/);
  });
});

describe("withMemoryCache", () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  /** A real local storage in a directory of its own (removed after), with its reads listed. */
  function counted() {
    const dir = mkdtempSync(join(tmpdir(), "amora-storage-"));
    dirs.push(dir);
    const local = createLocalStorage(dir);
    const reads: string[] = [];
    const storage: Storage = {
      ...local,
      get(key) {
        reads.push(key);
        return local.get(key);
      },
    };
    return { storage, reads };
  }

  it("reads a file once, and once for two requests at the same time", async () => {
    const { storage, reads } = counted();
    const cached = withMemoryCache(storage);
    await cached.put("a/one.webp", new Uint8Array([1, 2, 3]));
    const [first, second] = await Promise.all([cached.get("a/one.webp"), cached.get("a/one.webp")]);
    expect([...((await cached.get("a/one.webp")) ?? [])]).toEqual([1, 2, 3]);
    expect(first).toEqual(second);
    expect(reads).toEqual(["a/one.webp"]);
  });

  it("forgets a file this process removes or replaces, and remembers no missing file", async () => {
    const { storage, reads } = counted();
    const cached = withMemoryCache(storage);
    expect(await cached.get("a/two.webp")).toBeNull();
    await cached.put("a/two.webp", new Uint8Array([2]));
    expect([...((await cached.get("a/two.webp")) ?? [])]).toEqual([2]);
    await cached.remove("a/two.webp");
    expect(await cached.get("a/two.webp")).toBeNull();
    expect(reads).toEqual(["a/two.webp", "a/two.webp", "a/two.webp"]);
  });

  it("keeps no file larger than 256 KB in memory", async () => {
    const { storage, reads } = counted();
    const cached = withMemoryCache(storage);
    await cached.put("a/big.mp4", new Uint8Array(300 * 1024));
    await cached.get("a/big.mp4");
    await cached.get("a/big.mp4");
    expect(reads).toEqual(["a/big.mp4", "a/big.mp4"]);
  });
});
