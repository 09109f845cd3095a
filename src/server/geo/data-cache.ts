import { createHash } from "node:crypto";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import { join } from "node:path";

/** Where derived data lives between processes: beside the packages, as build tools keep theirs. */
const CACHE_DIR = join(process.cwd(), "node_modules", ".cache", "amora");

/**
 * Data derived from an installed package, computed by the first process that needs it and read
 * from a file by every later one. `key` names everything the result depends on (the package's
 * version, our inputs, the shape's version), so a change computes afresh. A missing, unreadable
 * or torn file is computed again; a cache that cannot be written (read-only install) is skipped.
 * @example await cachedDerivation("regions", ["1.0.9", "de,nl"], () => readRegions())
 */
export async function cachedDerivation<T>(
  name: string,
  key: readonly string[],
  compute: () => Promise<T>,
): Promise<T> {
  const digest = createHash("sha256").update(JSON.stringify(key)).digest("hex").slice(0, 16);
  const file = join(CACHE_DIR, `${name}-${digest}.json`);
  try {
    return JSON.parse(await readFile(file, "utf8")) as T;
  } catch {
    // Not there yet, or unreadable: computed below.
  }
  const value = await compute();
  try {
    await mkdir(CACHE_DIR, { recursive: true });
    // Written aside and renamed, so a process reading at the same time never sees half a file.
    const partial = `${file}.${process.pid}.tmp`;
    await writeFile(partial, JSON.stringify(value));
    await rename(partial, file);
  } catch {
    // A read-only install: every process computes it, as without the cache.
  }
  return value;
}
