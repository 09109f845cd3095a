import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join, resolve, sep } from "node:path";
import { getEnv } from "./env";

/**
 * Where media files live (design §8): a local directory by default; an S3-compatible store can
 * implement the same interface when several app nodes serve one site.
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

export function createLocalStorage(root: string): Storage {
  const base = resolve(root);
  const pathOf = (key: string) => {
    if (!isSafeStorageKey(key)) throw new Error(`Unsafe storage key: ${key}`);
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

let storage: Storage | undefined;

export function getStorage(): Storage {
  if (!storage) {
    const env = getEnv();
    const root =
      env.MEDIA_DIR ??
      (env.DATA_DIR.startsWith("memory://")
        ? join(tmpdir(), "amora-media")
        : join(env.DATA_DIR, "media"));
    storage = createLocalStorage(root);
  }
  return storage;
}
