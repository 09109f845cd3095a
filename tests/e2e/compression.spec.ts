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
