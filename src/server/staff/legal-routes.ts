import {
  legalPreviewAnswer,
  legalScopeParams,
  legalTextAnswer,
  legalTextBody,
  legalTextParams,
  legalTextsAnswer,
} from "../../contract/staff-legal";
import { jsonRoute, QUERY_WRITE_ERRORS } from "../lib/openapi";
import { createRouter } from "../lib/router";
import { staffActor } from "./context";
import {
  getLegalTextForEditing,
  listLegalTexts,
  previewLegalText,
  revertLegalText,
  saveLegalText,
} from "./legal-texts";
import { STAFF_ERRORS, STAFF_READ_ERRORS, STAFF_WRITE_ERRORS } from "./route";

/** Issue 28 item 5 (docs/decisions/0013): the legal texts per site and language. */
const PATH = "/staff/legal/{site}/{locale}/{document}";
const UNKNOWN = { 404: "not_found: no such site, language or text" } as const;
/** A text that breaks a rule: 422 with `fields.markdown` naming the rule. */
const BROKEN_TEXT = {
  422: "validation: fields.markdown — front matter, an unknown {{placeholder}}, a link to a page the texts may not link to, or HTML",
} as const;

const listRoute = jsonRoute({
  method: "get",
  path: "/staff/legal/{site}/{locale}",
  summary:
    "The legal texts of a site and language (en-US: the US privacy text), each with whether an editor's version replaces the default (content.edit)",
  params: legalScopeParams,
  answer: [legalTextsAnswer, "The texts"],
  errors: [...STAFF_READ_ERRORS, UNKNOWN],
});

const getRoute = jsonRoute({
  method: "get",
  path: PATH,
  summary: "A legal text: its default Markdown and the editor's live version (content.edit)",
  params: legalTextParams,
  answer: [legalTextAnswer, "The text"],
  errors: [...STAFF_READ_ERRORS, UNKNOWN],
});

const previewRoute = jsonRoute({
  method: "post",
  path: `${PATH}/preview`,
  summary:
    "Checks a legal text and renders it as its page would show it (placeholders filled); nothing is saved (content.edit)",
  params: legalTextParams,
  body: legalTextBody,
  answer: [legalPreviewAnswer, "The rendered text"],
  errors: [...STAFF_WRITE_ERRORS, UNKNOWN, BROKEN_TEXT],
});

const saveRoute = jsonRoute({
  method: "put",
  path: PATH,
  summary:
    "Saves an editor's version of a legal text for the site and language, live on every server process at once (content.edit; audited)",
  params: legalTextParams,
  body: legalTextBody,
  answer: [legalTextAnswer, "The text as saved"],
  errors: [...STAFF_WRITE_ERRORS, UNKNOWN, BROKEN_TEXT],
});

const revertRoute = jsonRoute({
  method: "delete",
  path: PATH,
  summary: "Serves the default text again; the editor's versions are kept (content.edit; audited)",
  params: legalTextParams,
  answer: [legalTextAnswer, "The text, back to its default"],
  errors: [...QUERY_WRITE_ERRORS, STAFF_ERRORS.signedOut, STAFF_ERRORS.forbidden, UNKNOWN],
});

export const staffLegalRoutes = createRouter()
  .openapi(listRoute, async (c) =>
    c.json(await listLegalTexts(c.get("db"), staffActor(c), c.req.valid("param")), 200),
  )
  .openapi(getRoute, async (c) =>
    c.json(await getLegalTextForEditing(c.get("db"), staffActor(c), c.req.valid("param")), 200),
  )
  .openapi(previewRoute, async (c) => {
    const { markdown } = c.req.valid("json");
    return c.json(await previewLegalText(staffActor(c), c.req.valid("param"), markdown), 200);
  })
  .openapi(saveRoute, async (c) => {
    const { markdown } = c.req.valid("json");
    const saved = await saveLegalText(c.get("db"), staffActor(c), c.req.valid("param"), markdown);
    return c.json(saved, 200);
  })
  .openapi(revertRoute, async (c) =>
    c.json(await revertLegalText(c.get("db"), staffActor(c), c.req.valid("param")), 200),
  );
