import { describe, expect, it } from "vitest";
import { isAppPath } from "./serve-build";

describe("isAppPath: what the production server hands straight to the Hono app", () => {
  it("takes the API and the media files, with or without a query", () => {
    for (const url of [
      "/api",
      "/api/",
      "/api/user.php",
      "/api?x=1",
      "/media",
      "/media/a/b.webp?s=1",
    ]) {
      expect(isAppPath(url), url).toBe(true);
    }
  });

  it("leaves pages whose names only begin like them to Astro", () => {
    for (const url of ["/", "/apiary", "/mediaplayer/x", "/en/api", "/members"]) {
      expect(isAppPath(url), url).toBe(false);
    }
  });
});
