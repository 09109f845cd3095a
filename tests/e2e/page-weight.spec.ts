import { type Browser, devices } from "@playwright/test";
import { expect, type TestMember, test } from "./fixtures";
import { signInRequest } from "./helpers";

// design §12: member pages load at most 120 KB of JavaScript over the wire on a first visit,
// measured as a phone receives it (compressed bytes, Chromium's own count), not from files.
const BUDGET_BYTES = 120 * 1024;
const { defaultBrowserType: _, ...phone } = devices["Pixel 7"];

type Weight = { bytes: number; files: { encoding: string; bytes: number }[] };

/** Loads a page in a fresh context (empty cache) as the member, counting its JavaScript. */
async function measure(browser: Browser, member: TestMember, path: string): Promise<Weight> {
  const context = await browser.newContext(phone);
  try {
    await signInRequest(context.request, member);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    const scripts = new Map<string, string>();
    const weight: Weight = { bytes: 0, files: [] };
    cdp.on("Network.responseReceived", (event) => {
      if (event.type !== "Script") return;
      const headers = Object.fromEntries(
        Object.entries(event.response.headers).map(([name, value]) => [name.toLowerCase(), value]),
      );
      scripts.set(event.requestId, String(headers["content-encoding"] ?? "identity"));
    });
    cdp.on("Network.loadingFinished", (event) => {
      const encoding = scripts.get(event.requestId);
      if (encoding === undefined) return;
      weight.bytes += event.encodedDataLength;
      weight.files.push({ encoding, bytes: event.encodedDataLength });
    });
    const response = await page.goto(path, { waitUntil: "networkidle" });
    expect(response?.status(), path).toBe(200);
    return weight;
  } finally {
    await context.close();
  }
}

test.describe("page weight on a phone (design §12)", () => {
  test("member pages load at most 120 KB of JavaScript, sent brotli-compressed", async ({
    browser,
    memberWithPhotos,
    createMember,
  }) => {
    const other = await createMember({ name: "Weight", photos: 3 });
    const pages = ["/members", `/members/${other.profile_id}`, "/profile", "/notifications"];
    for (const path of pages) {
      const weight = await measure(browser, memberWithPhotos, path);
      test.info().annotations.push({
        type: "page weight",
        description: `${path}: ${(weight.bytes / 1024).toFixed(1)} KB of JavaScript in ${weight.files.length} files`,
      });
      expect(weight.files.length, path).toBeGreaterThan(0);
      expect(weight.bytes, path).toBeLessThanOrEqual(BUDGET_BYTES);
      // Every script worth compressing came brotli-compressed; only files under a kilobyte
      // (not worth it, and not precompressed) come as they are.
      const raw = weight.files.filter((file) => file.encoding !== "br");
      expect(
        raw.filter((file) => file.bytes > 2048),
        path,
      ).toEqual([]);
    }
  });
});
