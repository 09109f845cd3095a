import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createS3Storage } from "./storage";

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
