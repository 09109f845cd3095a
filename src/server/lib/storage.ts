import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join, resolve, sep } from "node:path";
import { AwsClient } from "aws4fetch";
import { LRUCache } from "lru-cache";
import { getEnv } from "./env";

/**
 * Where media files live (design §8): a local directory by default, an S3-compatible bucket
 * when `S3_BUCKET` is set (several app nodes serving one site).
 */
export type Storage = {
  put(key: string, body: Uint8Array): Promise<void>;
  /** The file's bytes, or null when there is no such file. */
  get(key: string): Promise<Uint8Array | null>;
  /** Removes a file; a missing file is not an error. */
  remove(key: string): Promise<void>;
};

const SAFE_KEY = /^[a-z0-9][a-z0-9/_-]*\.(webp|jpg|png|mp4)$/;

export function isSafeStorageKey(key: string): boolean {
  return SAFE_KEY.test(key) && !key.includes("..") && !key.includes("//");
}

function assertSafeKey(key: string): void {
  if (!isSafeStorageKey(key)) throw new Error(`Unsafe storage key: ${key}`);
}

export function contentTypeOf(key: string): string {
  const extension = key.slice(key.lastIndexOf(".") + 1);
  return (
    { webp: "image/webp", jpg: "image/jpeg", png: "image/png", mp4: "video/mp4" }[extension] ??
    "application/octet-stream"
  );
}

export function createLocalStorage(root: string): Storage {
  const base = resolve(root);
  const pathOf = (key: string) => {
    assertSafeKey(key);
    const path = join(base, key);
    if (!path.startsWith(base + sep)) throw new Error(`Storage key escapes the root: ${key}`);
    return path;
  };
  return {
    async put(key, body) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, body);
    },
    async remove(key) {
      await rm(pathOf(key), { force: true });
    },
    async get(key) {
      try {
        return await readFile(pathOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
    },
  };
}

export type S3Options = {
  /** The service's base URL, e.g. https://s3.eu-central-1.amazonaws.com or a MinIO/R2 URL. */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
};

/**
 * An S3-compatible bucket (AWS, Cloudflare R2, MinIO, …), addressed path-style and signed with
 * SigV4. Objects stay private: the app serves them to holders of a signed URL
 * (photos/media-url.ts).
 */
export function createS3Storage(options: S3Options): Storage {
  const client = new AwsClient({
    accessKeyId: options.accessKeyId,
    secretAccessKey: options.secretAccessKey,
    service: "s3",
    region: options.region,
  });
  const urlOf = (key: string) => {
    assertSafeKey(key);
    return `${options.endpoint.replace(/\/$/, "")}/${encodeURIComponent(options.bucket)}/${key}`;
  };
  const fail = (action: string, key: string, response: Response) =>
    new Error(`S3 ${action} ${key} failed with ${response.status}`);
  return {
    async put(key, body) {
      const response = await client.fetch(urlOf(key), {
        method: "PUT",
        body: body as Uint8Array<ArrayBuffer>,
        headers: { "content-type": contentTypeOf(key) },
      });
      if (!response.ok) throw fail("PUT", key, response);
    },
    async get(key) {
      const response = await client.fetch(urlOf(key));
      if (response.status === 404) return null;
      if (!response.ok) throw fail("GET", key, response);
      return new Uint8Array(await response.arrayBuffer());
    },
    async remove(key) {
      const response = await client.fetch(urlOf(key), { method: "DELETE" });
      if (!response.ok && response.status !== 404) throw fail("DELETE", key, response);
    },
  };
}

/** The most bytes of media the process keeps in memory, and the largest file it keeps. */
const MEMORY_BYTES = 64 * 1024 * 1024;
const MEMORY_FILE_BYTES = 256 * 1024;
/**
 * Storage keys are never reused (each upload gets new random keys), so a kept file stays right
 * while it exists. A file removed by another process (WEB_CONCURRENCY, several nodes) may still
 * be served here from memory for this long, to holders of a URL that was signed before; the
 * URLs themselves last longer (photos/media-url.ts), and so may a CDN's copy.
 */
const MEMORY_TTL_MS = 10 * 60 * 1000;

/**
 * Storage with the files most asked for kept in memory (design §12: /media serves a search
 * page's 24 thumbnails per viewer; reading each from disk cost most of its time, bench). Two
 * requests for one file wait for the same read. This process's puts and removes take effect at
 * once.
 */
export function withMemoryCache(storage: Storage): Storage {
  const kept = new LRUCache<string, Uint8Array>({
    maxSize: MEMORY_BYTES,
    maxEntrySize: MEMORY_FILE_BYTES,
    sizeCalculation: (body) => Math.max(1, body.byteLength),
    ttl: MEMORY_TTL_MS,
    fetchMethod: async (key) => (await storage.get(key)) ?? undefined,
  });
  return {
    async put(key, body) {
      kept.delete(key);
      await storage.put(key, body);
    },
    async remove(key) {
      kept.delete(key);
      await storage.remove(key);
    },
    async get(key) {
      return (await kept.fetch(key)) ?? null;
    },
  };
}

let storage: Storage | undefined;

export function getStorage(): Storage {
  if (!storage) {
    const env = getEnv();
    if (env.S3_BUCKET) {
      storage = createS3Storage({
        endpoint: env.S3_ENDPOINT,
        bucket: env.S3_BUCKET,
        region: env.S3_REGION,
        accessKeyId: env.S3_ACCESS_KEY_ID ?? "",
        secretAccessKey: env.S3_SECRET_ACCESS_KEY ?? "",
      });
    } else {
      const root =
        env.MEDIA_DIR ??
        (env.DATA_DIR.startsWith("memory://")
          ? join(tmpdir(), "amora-media")
          : join(env.DATA_DIR, "media"));
      storage = createLocalStorage(root);
    }
    storage = withMemoryCache(storage);
  }
  return storage;
}
