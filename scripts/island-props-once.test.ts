import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serializePropsOnce, takeSerializedProps } from "./island-props-once";

/** Astro's own runtime modules, as the server build bundles them. */
const runtime = join(
  dirname(createRequire(import.meta.url).resolve("astro/package.json")),
  "dist/runtime/server",
);
const rendererModule = join(runtime, "render/component.js");
const hydrationModule = join(runtime, "hydration.js");
/** The transformed modules, written beside the originals so that their imports resolve. */
const written = [
  join(runtime, `render/component.props-once-test-${process.pid}.js`),
  join(runtime, `hydration.props-once-test-${process.pid}.js`),
];

type Island = { props: Record<string, string> };
type HydrateScript = (
  options: Record<string, unknown>,
  metadata: Record<string, unknown>,
) => Promise<Island>;
let generateHydrateScript: HydrateScript;

beforeAll(async () => {
  const [renderer, hydration] = written as [string, string];
  writeFileSync(renderer, serializePropsOnce(readFileSync(rendererModule, "utf8")));
  writeFileSync(hydration, takeSerializedProps(readFileSync(hydrationModule, "utf8")));
  // The renderer's module still loads (its syntax, its imports); the script is called below.
  await import(pathToFileURL(renderer).href);
  ({ generateHydrateScript } = (await import(pathToFileURL(hydration).href)) as {
    generateHydrateScript: HydrateScript;
  });
});

afterAll(() => {
  for (const file of written) rmSync(file, { force: true });
});

/** What Astro's renderer gives the script, for a React island hydrating when idle. */
function options(extra: Record<string, unknown> = {}) {
  return {
    renderer: { name: "@astrojs/react", clientEntrypoint: "/client.js" },
    result: { resolve: async (path: string) => path },
    astroId: "Z1abc",
    props: { name: "Kim & Sam", age: 31 },
    attrs: undefined,
    ...extra,
  };
}
const metadata = {
  hydrate: "idle",
  displayName: "Card",
  componentUrl: "/src/islands/Card.tsx",
  componentExport: { value: "default" },
};

describe("serializePropsOnce and takeSerializedProps, applied to this Astro's runtime", () => {
  it("serialises in the renderer once, the island's id hashed from the same text as before", () => {
    const source = serializePropsOnce(readFileSync(rendererModule, "utf8"));
    expect(source.match(/serializeProps\(/g)).toHaveLength(1);
    expect(source).toContain("const serializedProps = serializeProps(props, metadata);");
    expect(source).toMatch(/\$\{html\}\n\$\{serializedProps\}`/);
    expect(source).toContain("{ renderer, result, astroId, props, attrs, serializedProps }");
  });

  it("writes the props the renderer serialised into the island, escaped as Astro escapes", async () => {
    const island = await generateHydrateScript(
      options({ serializedProps: '{"given":[0,"<as is>"]}' }),
      metadata,
    );
    expect(island.props.props).toBe("{&quot;given&quot;:[0,&quot;&lt;as is&gt;&quot;]}");
    expect(island.props.uid).toBe("Z1abc");
  });

  it("serialises the props itself when not given them, as Astro did", async () => {
    const island = await generateHydrateScript(options(), metadata);
    expect(island.props.props).toBe(
      "{&quot;name&quot;:[0,&quot;Kim &amp; Sam&quot;],&quot;age&quot;:[0,31]}",
    );
  });
});

describe("the patches, on a runtime they do not know", () => {
  it("refuse a source that is not as expected, instead of guessing", () => {
    expect(() => serializePropsOnce("export const x = 1;")).toThrow(/island-props-once/);
    expect(() => takeSerializedProps("export const x = 1;")).toThrow(/island-props-once/);
    const twice = readFileSync(hydrationModule, "utf8").repeat(2);
    expect(() => takeSerializedProps(twice)).toThrow(/found it 2 times/);
  });
});
