import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const root = resolve(import.meta.dirname, "../../..");

/**
 * `import x from "pkg"` and `const { default: x } = await import("pkg")` of a package, in the
 * code that runs on the server (the build keeps node_modules external) or under tsx.
 */
function findDefaultImports(): Map<string, string[]> {
  const found = new Map<string, string[]>();
  const patterns = [
    /^import\s+(?!type\b)[A-Za-z_$][\w$]*\s*(?:,\s*\{[^}]*\})?\s*from\s*"([^".][^"]*)"/gm,
    /\{\s*default\s*:\s*[A-Za-z_$][\w$]*\s*\}\s*=\s*await\s+import\(\s*"([^".][^"]*)"\s*\)/g,
  ];
  for (const folder of ["src", "scripts", "bench"]) {
    const files = readdirSync(join(root, folder), { recursive: true, encoding: "utf8" });
    for (const file of files.filter((name) => /\.(ts|mjs|astro)$/.test(name))) {
      // Tests run under Vitest only (this one names the patterns in its comments).
      if (file.endsWith(".d.ts") || /\.test\.ts$/.test(file)) continue;
      const source = readFileSync(join(root, folder, file), "utf8");
      for (const pattern of patterns) {
        for (const [, specifier = ""] of source.matchAll(pattern)) {
          if (specifier.startsWith("node:")) continue;
          found.set(specifier, [...(found.get(specifier) ?? []), join(folder, file)]);
        }
      }
    }
  }
  return found;
}

describe("packages' default exports under Node's own loader (issue 25)", () => {
  it("imports no CommonJS package's default that Node would hand over as its whole exports object", () => {
    const imports = findDefaultImports();
    expect(imports.size).toBeGreaterThan(0);
    // A CommonJS package compiled from ES modules marks itself __esModule and keeps its default
    // in exports.default. Vite and Vitest hand that over for a default import; Node's own loader
    // (the built server, tsx) hands over the whole exports object, so a call of it fails there
    // only. Asked of Node itself, in a process of its own.
    const probe = `
      const misread = [];
      for (const specifier of ${JSON.stringify([...imports.keys()])}) {
        const loaded = (await import(specifier)).default;
        if (loaded && typeof loaded === "object" && loaded.__esModule && "default" in loaded) {
          misread.push(specifier);
        }
      }
      console.log(JSON.stringify(misread));`;
    const run = spawnSync(process.execPath, ["--input-type=module", "-e", probe], {
      cwd: root,
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(run.stderr).not.toMatch(/Error/);
    const misread = JSON.parse(run.stdout.trim().split("\n").at(-1) ?? "[]") as string[];
    expect(misread.map((specifier) => `${specifier} in ${imports.get(specifier)}`)).toEqual([]);
  });
});
