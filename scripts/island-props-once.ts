import type { Plugin } from "vite";
import { astroRuntimePatch, expectOnce, replaceOnce } from "./astro-runtime-patch";

const NAME = "amora:island-props-once";

/**
 * Astro's component renderer (runtime/server/render/component.js) with an island's props
 * serialised once. Astro serialises them for the text its island id is hashed from, and again
 * in `generateHydrateScript` for the island's `props` attribute: the same string, made twice for
 * every island of every page (a tenth of what an island costs the server, issue 30 item 1).
 * The renderer now keeps the first and hands it to the script; the id is hashed from the same
 * text as before.
 */
export function serializePropsOnce(source: string): string {
  let patched = replaceOnce(
    source,
    /\$\{serializeProps\(\s*props,\s*metadata\s*\)\}`/,
    // biome-ignore lint/suspicious/noTemplateCurlyInString: Astro's template literal, as text
    "${serializedProps}`",
    NAME,
  );
  patched = replaceOnce(
    patched,
    "const astroId = shorthash(",
    "const serializedProps = serializeProps(props, metadata);\n  const astroId = shorthash(",
    NAME,
  );
  return replaceOnce(
    patched,
    /\{\s*renderer,\s*result,\s*astroId,\s*props,\s*attrs\s*\}/,
    "{ renderer, result, astroId, props, attrs, serializedProps }",
    NAME,
  );
}

/**
 * Astro's hydration script (runtime/server/hydration.js) taking the props its renderer
 * serialised, when it was given them (serializePropsOnce), and serialising them itself
 * otherwise.
 */
export function takeSerializedProps(source: string): string {
  // The options object the renderer fills is the function's first parameter, by this name.
  expectOnce(source, "async function generateHydrateScript(scriptOptions, metadata) {", NAME);
  return replaceOnce(
    source,
    'island.props["props"] = escapeHTML(serializeProps(props, metadata));',
    'island.props["props"] = escapeHTML(scriptOptions.serializedProps ?? serializeProps(props, metadata));',
    NAME,
  );
}

/** The plugins of the server build that apply both to Astro's runtime. */
export function islandPropsOnce(): Plugin[] {
  return [
    astroRuntimePatch({
      name: `${NAME}:render`,
      module: "runtime/server/render/component.js",
      apply: serializePropsOnce,
    }),
    astroRuntimePatch({
      name: `${NAME}:hydration`,
      module: "runtime/server/hydration.js",
      apply: takeSerializedProps,
    }),
  ];
}
