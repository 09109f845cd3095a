import type { Plugin } from "vite";

/**
 * A change to one module of Astro's runtime, made in the server build only (the module is
 * bundled into dist/server), never in `node_modules`: `npm install` needs nothing more.
 */
export type AstroRuntimePatch = {
  /** The Vite plugin's name: `amora:…`. */
  name: string;
  /** The module, by its path under `astro/dist/`: `core/encryption.js`. */
  module: string;
  /** The module's source, changed; throws when the source is not as the patch expects it. */
  apply: (source: string) => string;
};

/**
 * The Vite plugin of the server build that applies a patch. The build fails if the module was
 * never seen, as it does when the patch finds its source changed: a server that silently lost
 * the patch after an update of Astro is what it prevents.
 */
export function astroRuntimePatch({ name, module, apply }: AstroRuntimePatch): Plugin {
  const path = `astro/dist/${module}`;
  const separated = path.split("/").map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  const id = new RegExp(`[\\\\/]${separated.join("[\\\\/]")}$`);
  let applied = false;
  return {
    name,
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "ssr",
    transform(code, moduleId) {
      if (!id.test(moduleId)) return undefined;
      applied = true;
      return { code: apply(code), map: null };
    },
    buildEnd(error) {
      if (!error && !applied) this.error(`${name}: ${path} was not in the build`);
    },
  };
}

/**
 * Throws, naming the patch and what it looked for, unless `find` occurs in `source` exactly
 * once: a new Astro changed the code, and the patch needs a look rather than a guess.
 */
export function expectOnce(source: string, find: string | RegExp, patch: string): void {
  const found = source.match(everyMatch(find))?.length ?? 0;
  if (found !== 1) {
    throw new Error(
      `${patch}: expected ${String(find)} once in Astro's runtime, found it ${found} times; ` +
        "check the new Astro and update the patch",
    );
  }
}

/** `source` with the one occurrence of `find` replaced; throws as `expectOnce` does. */
export function replaceOnce(
  source: string,
  find: string | RegExp,
  replacement: string,
  patch: string,
): string {
  expectOnce(source, find, patch);
  return source.replace(everyMatch(find), () => replacement);
}

/** `find` as a global pattern: a string literally, a pattern with its own flags. */
function everyMatch(find: string | RegExp): RegExp {
  return typeof find === "string"
    ? new RegExp(find.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"), "g")
    : new RegExp(find.source, `${find.flags.replace("g", "")}g`);
}
