import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import type { AppEnv } from "../lib/context";
import { jsonContent } from "../lib/openapi";
import { validationHook } from "../lib/validation";
import { getSiteByHost } from "./registry";
import { getCompanyInfo, getPublicSettings } from "./service";

const settingsRoute = createRoute({
  method: "get",
  path: "/settings.php",
  summary: "The site's settings (spec §3, §7) for the request host or a forced domain",
  request: {
    query: z.object({
      domain: z.string().max(253).optional().openapi({ description: "Forced domain" }),
      country: z
        .string()
        .regex(/^[a-zA-Z]{2}$/)
        .optional(),
    }),
  },
  responses: {
    200: jsonContent(z.record(z.string(), z.unknown()).openapi("Settings"), "Settings"),
  },
});

const companyInfoRoute = createRoute({
  method: "get",
  path: "/companyinfo.php",
  summary: "The operating company (spec §3 Company info)",
  responses: {
    200: jsonContent(z.record(z.string(), z.unknown()).openapi("CompanyInfo"), "Company info"),
  },
});

/** A proxy or CDN in front of the app may tell the visitor's country. */
function geoipCountry(header: (name: string) => string | undefined): string | null {
  const value = header("cf-ipcountry") ?? header("x-country-code");
  return value && /^[A-Za-z]{2}$/.test(value) ? value.toLowerCase() : null;
}

export const siteRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
  .openapi(settingsRoute, (c) => {
    const query = c.req.valid("query");
    const site = query.domain ? getSiteByHost(query.domain) : c.var.site;
    const settings = getPublicSettings(site, {
      locale: c.var.locale,
      geoipCountry: geoipCountry((name) => c.req.header(name)),
      selectedCountry: query.country ?? null,
    });
    return c.json(settings, 200);
  })
  .openapi(companyInfoRoute, (c) => c.json(getCompanyInfo(c.var.site), 200));
