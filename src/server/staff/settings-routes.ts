import {
  siteSettingsAnswer,
  siteSettingsParams,
  siteSettingsPatch,
} from "../../contract/staff-settings";
import { jsonRoute } from "../lib/openapi";
import { createRouter } from "../lib/router";
import { staffActor } from "./context";
import { STAFF_READ_ERRORS, STAFF_WRITE_ERRORS } from "./route";
import { staffSiteSettings, updateSiteSettings } from "./site-settings";

/** Issue 28 item 2: a site's settings (spec §3) under /api/staff/ (admins: settings.write). */
const PATH = "/staff/sites/{site}/settings";
const UNKNOWN = { 404: "not_found: no such site" } as const;

const getRoute = jsonRoute({
  method: "get",
  path: PATH,
  summary:
    "A site's changeable settings: the code's defaults, the stored overrides and those in force (settings.write)",
  params: siteSettingsParams,
  answer: [siteSettingsAnswer, "The settings"],
  errors: [...STAFF_READ_ERRORS, UNKNOWN],
});

const putRoute = jsonRoute({
  method: "put",
  path: PATH,
  summary:
    "Changes the settings the body names (a partial document: each key a whole value, the others kept; a default value ends its override); every process applies it within a second; audited with before and after (settings.write)",
  params: siteSettingsParams,
  body: siteSettingsPatch,
  answer: [siteSettingsAnswer, "The settings now"],
  errors: [...STAFF_WRITE_ERRORS, UNKNOWN],
});

/** The services check the permission (staff/site-settings.ts); the routes only validate. */
export const staffSettingsRoutes = createRouter()
  .openapi(getRoute, async (c) =>
    c.json(await staffSiteSettings(c.get("db"), staffActor(c), c.req.valid("param").site), 200),
  )
  .openapi(putRoute, async (c) => {
    const { site } = c.req.valid("param");
    const answer = await updateSiteSettings(c.get("db"), staffActor(c), site, c.req.valid("json"));
    return c.json(answer, 200);
  });
