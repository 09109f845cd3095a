import { brotliDecompressSync } from "node:zlib";
import { rawRequest } from "../../src/test/raw-http";
import { expect, test } from "./fixtures";
import { signInRequest } from "./helpers";

// design §12 / issue 11: server-rendered HTML and API JSON are compressed on the fly for a
// client that accepts it (scripts/serve-build.ts), images are sent as they are, and a client that asks
// for no encoding gets none.

test.describe("compression on the fly", () => {
  test("a member page is sent gzip-compressed, and decodes to the page", async ({
    request,
    member,
  }) => {
    await signInRequest(request, member);
    const response = await request.get("/members", { headers: { "accept-encoding": "gzip" } });
    expect(response.status()).toBe(200);
    expect(response.headers()["content-encoding"]).toBe("gzip");
    expect(response.headers().vary?.toLowerCase()).toContain("accept-encoding");
    expect(await response.text()).toContain("<html");
  });

  test("a member page is sent as brotli with a 256 KB window, not brotli's 4 MB", async ({
    request,
    member,
    baseURL,
  }) => {
    await signInRequest(request, member);
    const { cookies } = await request.storageState();
    const cookie = cookies.map((each) => `${each.name}=${each.value}`).join("; ");
    // Raw bytes: Playwright's own request would decode them, and hide the stream's header.
    const answer = await rawRequest(Number(new URL(baseURL ?? "").port), "/members", {
      cookie,
      "accept-encoding": "gzip, deflate, br, zstd",
    });
    expect(answer.status).toBe(200);
    expect(answer.headers["content-encoding"]).toBe("br");
    // RFC 7932 §9.1: the stream's first bits give its window; 0b0011 is 18 bits, 0b1011 the
    // default 22, whose buffers every page would allocate and touch (issue 11).
    expect(answer.body.readUInt8(0) & 0x0f).toBe(0b0011);
    expect(brotliDecompressSync(answer.body).toString()).toContain("</html>");
  });

  test("API JSON is compressed, small answers and images are not", async ({
    request,
    memberWithPhotos,
  }) => {
    await signInRequest(request, memberWithPhotos);
    const gzip = { "accept-encoding": "gzip" };
    const document = await request.get("/api/openapi.json", { headers: gzip });
    expect(document.headers()["content-encoding"]).toBe("gzip");
    expect((await document.json()).openapi).toBe("3.1.0");

    // Under a kilobyte, compressing costs more than it saves.
    const settings = await request.get("/api/notifications.php", { headers: gzip });
    expect(settings.status()).toBe(200);
    expect(settings.headers()["content-encoding"]).toBeUndefined();

    const own = await request.get("/api/photos.php", { headers: gzip });
    const thumb = (await own.json()).photos[0].thumb as string;
    const image = await request.get(thumb, { headers: gzip });
    expect(image.status()).toBe(200);
    expect(image.headers()["content-type"]).toBe("image/webp");
    expect(image.headers()["content-encoding"]).toBeUndefined();
  });

  test("a client that accepts no encoding gets the page as it is", async ({ request, member }) => {
    await signInRequest(request, member);
    const response = await request.get("/members", {
      headers: { "accept-encoding": "identity" },
    });
    expect(response.status()).toBe(200);
    expect(response.headers()["content-encoding"]).toBeUndefined();
  });
});
