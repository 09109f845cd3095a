import { experimental_AstroContainer as AstroContainer } from "astro/container";
import { afterEach, describe, expect, it, vi } from "vitest";
import { getTranslate } from "../server/lib/i18n";
import { defaultSite } from "../server/sites/registry";
import { getPublicSettings } from "../server/sites/service";
import ErrorPage from "./500.astro";

afterEach(() => vi.restoreAllMocks());

/** What the error page and its layout read of a visitor's request. */
const locals: Partial<App.Locals> = {
  site: defaultSite,
  locale: "en",
  t: getTranslate("en"),
  settings: getPublicSettings(defaultSite, { locale: "en", geoipCountry: null }),
  client: { address: "192.0.2.1", isHttps: false },
  user: null,
  member: null,
  timeZone: "UTC",
};

/** The error page as Astro renders it for a failed request. */
async function renderFor(error: unknown) {
  const container = await AstroContainer.create();
  return container.renderToString(ErrorPage, { props: { error }, locals: locals as App.Locals });
}

describe("the error page (500.astro)", () => {
  it("logs what caused a failure, which Astro's own log of the error leaves out", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const cause = Object.assign(new Error('relation "profiles" does not exist'), { code: "42P01" });
    const html = await renderFor(Object.assign(new Error("Failed query: select 1"), { cause }));
    expect(html).toContain("500");
    expect(logged).toHaveBeenCalledWith("The page failed because of:", cause);
  });

  it("logs nothing more for an error without a cause, or for the database being away", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    await renderFor(new Error("a bug"));
    const away = Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" });
    await renderFor(Object.assign(new Error("Failed query: select 1"), { cause: away }));
    expect(logged).not.toHaveBeenCalled();
  });
});
