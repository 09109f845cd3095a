import { z } from "@hono/zod-openapi";
import { geocodeAnswer, regionsAnswer } from "../../contract/geo";
import { ERRORS, jsonRoute } from "../lib/openapi";
import { clientAddress, enforceRateLimit } from "../lib/rate-limit";
import { createRouter } from "../lib/router";
import { geocode } from "./geocode";
import { loadRegionCatalogue } from "./regions";

const geocodeQuery = z.object({
  lat: z.coerce.number().min(-90).max(90),
  lon: z.coerce.number().min(-180).max(180),
});

const regionsRoute = jsonRoute({
  method: "get",
  path: "/regions.php",
  summary: "The ISO 3166-2 regions of the site's countries, named in the caller's language",
  answer: [regionsAnswer, "Regions per country"],
  errors: [],
});

const geocodeRoute = jsonRoute({
  method: "get",
  path: "/geocode.php",
  summary: "The country and region of a position, from data shipped with the app (spec §7)",
  query: geocodeQuery,
  answer: [geocodeAnswer, "Where the position is"],
  errors: [ERRORS.invalid, ERRORS.rateLimited],
});

export const geoRoutes = createRouter()
  .openapi(regionsRoute, async (c) => {
    const catalogue = await loadRegionCatalogue();
    c.header("cache-control", "public, max-age=86400");
    const regions = Object.fromEntries(
      c
        .get("site")
        .countries.map((country) => [country, catalogue.regionsOf(country, c.get("locale"))]),
    );
    return c.json({ regions }, 200);
  })
  .openapi(geocodeRoute, async (c) => {
    await enforceRateLimit(c, "geocodeIp", clientAddress(c));
    const { lat, lon } = c.req.valid("query");
    const place = await geocode(lat, lon);
    const catalogue = await loadRegionCatalogue();
    // spec §9: a position is good for an hour.
    c.header("cache-control", "private, max-age=3600");
    return c.json(
      {
        ...place,
        region_name: place.region ? catalogue.nameOf(place.region, c.get("locale")) : null,
        supported: place.country !== null && c.get("site").countries.includes(place.country),
      },
      200,
    );
  });
