import { z } from "@hono/zod-openapi";
import { companyInfo, publicSettings } from "../../contract/sites";
import { ERRORS, jsonRoute } from "../lib/openapi";
import { createRouter } from "../lib/router";
import { getSiteByHost } from "./registry";
import { getCompanyInfo, getPublicSettings, readGeoipCountry } from "./service";

const settingsRoute = jsonRoute({
  method: "get",
  path: "/settings.php",
  summary: "The site's settings (spec §3, §7) for the request host or a forced domain",
  query: z.object({
    domain: z.string().max(253).optional().openapi({ description: "Forced domain" }),
    country: z
      .string()
      .regex(/^[a-zA-Z]{2}$/)
      .optional(),
  }),
  answer: [publicSettings, "Settings"],
  errors: [ERRORS.invalid],
});

const companyInfoRoute = jsonRoute({
  method: "get",
  path: "/companyinfo.php",
  summary: "The operating company (spec §3 Company info)",
  answer: [companyInfo, "Company info"],
  errors: [],
});

export const siteRoutes = createRouter()
  .openapi(settingsRoute, (c) => {
    const query = c.req.valid("query");
    const site = query.domain ? getSiteByHost(query.domain) : c.get("site");
    const settings = getPublicSettings(site, {
      locale: c.get("locale"),
      geoipCountry: readGeoipCountry(c.req.raw.headers),
      selectedCountry: query.country ?? null,
    });
    return c.json(settings, 200);
  })
  .openapi(companyInfoRoute, (c) => c.json(getCompanyInfo(c.get("site")), 200));
