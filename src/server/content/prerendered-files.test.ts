import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";

// A build of one prerendered page, in a client directory of this file's own (read at first use).
const client = mkdtempSync(join(tmpdir(), "amora-client-"));
afterAll(() => rmSync(client, { recursive: true, force: true }));
process.env.CLIENT_DIR = client;
const HTML = `<!doctype html><title>Terms</title>${"<p>Terms of use.</p>".repeat(200)}`;
mkdirSync(join(client, "prerendered/amora/en/terms"), { recursive: true });
writeFileSync(join(client, "prerendered/amora/en/terms/index.html"), HTML);
const { respondWithPrerenderedPage } = await import("./prerendered-files");

const PAGE = "prerendered/amora/en/terms";
async function answer(acceptEncoding?: string): Promise<Response> {
  const response = await respondWithPrerenderedPage(
    PAGE,
    new Request("http://localhost/en/terms", {
      headers: acceptEncoding === undefined ? {} : { "accept-encoding": acceptEncoding },
    }),
    { vary: "accept-encoding" },
  );
  if (!response) throw new Error(`no answer for ${PAGE}`);
  return response;
}

describe("respondWithPrerenderedPage", () => {
  it("answers in the coding the client prefers by RFC 9110 weights, brotli on a tie", async () => {
    const br = await answer("gzip, deflate, br");
    expect(br.headers.get("content-encoding")).toBe("br");
    expect(brotliDecompressSync(await br.arrayBuffer()).toString()).toBe(HTML);

    const gzip = await answer("br;q=0, gzip");
    expect(gzip.headers.get("content-encoding")).toBe("gzip");
    expect(gunzipSync(await gzip.arrayBuffer()).toString()).toBe(HTML);

    const plain = await answer();
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(await plain.text()).toBe(HTML);
    expect(plain.headers.get("vary")).toBe("accept-encoding");
  });

  it("answers requests that come together alike, and null for a page the build lacks", async () => {
    const [first, second] = await Promise.all([answer("br"), answer("br")]);
    expect(await first.text()).toBe(await second.text());
    expect(
      await respondWithPrerenderedPage(
        "prerendered/amora/en/none",
        new Request("http://localhost/"),
        {},
      ),
    ).toBeNull();
  });
});
