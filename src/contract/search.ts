import { z } from "@hono/zod-openapi";
import { profileCard } from "./profiles";

/** One page of member search (spec §3 Search state), keyset-paged. */
export const memberSearchPage = z
  .object({
    profiles: z.array(profileCard),
    total: z.number().int().nullable().openapi({
      description: "Matches on the first page only, counted up to 1000 (then total_capped)",
    }),
    total_capped: z.boolean(),
    next_cursor: z.string().nullable(),
    similar: z.array(profileCard).openapi({
      description:
        "spec §3 similar-results set: when the first page is all there is and short, members of the search widened (region to country, then the ages by 5 years), none of the results",
    }),
  })
  .openapi("MemberSearchPage");
export type MemberSearchPage = z.infer<typeof memberSearchPage>;
