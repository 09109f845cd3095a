import { staffMetricsAnswer, staffMetricsQuery } from "../../contract/staff-metrics";
import { jsonRoute } from "../lib/openapi";
import { createRouter } from "../lib/router";
import { staffActor } from "../staff/context";
import { STAFF_READ_ERRORS } from "../staff/route";
import { staffMetrics } from "./service";

const metricsRoute = jsonRoute({
  method: "get",
  path: "/staff/metrics",
  summary:
    "A site's figures a UTC day over a period (default the last 30 days, at most 366): signups, activations, active members, messages of members and of fictional profiles, likes, matches, first payments, net revenue a currency, open reports; from the daily rollup (metrics.read)",
  query: staffMetricsQuery,
  answer: [staffMetricsAnswer, "The period's series and totals"],
  errors: STAFF_READ_ERRORS,
});

/** The service checks the permission (metrics/service.ts); the route only validates. */
export const staffMetricsRoutes = createRouter().openapi(metricsRoute, async (c) =>
  c.json(await staffMetrics(c.get("db"), staffActor(c), c.req.valid("query")), 200),
);
