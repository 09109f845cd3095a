import { z } from "@hono/zod-openapi";

/** A region a member can live in: an ISO 3166-2 subdivision code and its name. */
export const region = z.object({ code: z.string(), name: z.string() }).openapi("Region");
export type Region = z.infer<typeof region>;

export const regionsAnswer = z
  .object({
    regions: z
      .record(z.string(), z.array(region))
      .openapi({ description: "Per country (ISO 3166-1 alpha-2, lower case), sorted by name" }),
  })
  .openapi("Regions");
export type RegionsAnswer = z.infer<typeof regionsAnswer>;

export const geocodeAnswer = z
  .object({
    country: z.string().nullable().openapi({ description: "ISO 3166-1 alpha-2; null at sea" }),
    region: z.string().nullable(),
    region_name: z.string().nullable(),
    supported: z
      .boolean()
      .openapi({ description: "Whether the site serves that country (the wizard prefills it)" }),
  })
  .openapi("Place");
export type GeocodeAnswer = z.infer<typeof geocodeAnswer>;
