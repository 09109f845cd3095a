import type {
  LegalPreviewAnswer,
  LegalTextAnswer,
  LegalTextsAnswer,
} from "../../contract/staff-legal";
import { fillLegal, renderLegalMarkdown } from "../content/legal-markdown";
import {
  clearLegalOverride,
  defaultLegalMarkdown,
  type LegalKey,
  type LegalOverride,
  legalDocumentsOf,
  listLegalOverrides,
  liveLegalText,
  pageLocaleOf,
  readLegalOverride,
  saveLegalOverride,
} from "../content/legal-overrides";
import type { Database } from "../db/client";
import { notFound } from "../lib/errors";
import { getSiteById, type Site, sites } from "../sites/registry";
import { recordStaffAction, type StaffActor } from "./audit";
import { requirePermission } from "./permissions";

/**
 * Issue 28 item 5 (docs/decisions/0013): editors change the legal texts per site and language
 * (content.edit); every save and revert is audited with the text before and after.
 */

type Scope = { site: string; locale: string };
type TextPath = Scope & { document: string };

/** A signed-in staff member needs content.edit; the command line (no account) may. */
function allowed(actor: StaffActor): void {
  if (actor.staff) requirePermission(actor.staff, "content.edit");
}

/** The site and its texts in a content locale; 404 for a site or language there is not. */
function scopeOf({ site, locale }: Scope) {
  const known = sites.some((candidate) => candidate.id === site);
  const documents = legalDocumentsOf(locale);
  if (!known || !documents) throw notFound();
  // The site as it is now: its support address and company fill the texts' placeholders.
  return { site: getSiteById(site), documents };
}

function keyOf(path: TextPath): { site: Site; key: LegalKey } {
  const { site, documents } = scopeOf(path);
  const document = documents.find((candidate) => candidate === path.document);
  if (!document) throw notFound();
  return { site, key: { siteId: site.id, locale: path.locale, document } };
}

function overrideView(override: LegalOverride | null): LegalTextAnswer["override"] {
  return override
    ? {
        markdown: override.markdown,
        updated_at: override.updatedAt.toISOString(),
        updated_by: override.updatedBy,
      }
    : null;
}

async function textAnswer(db: Database, site: Site, key: LegalKey, override: LegalOverride | null) {
  const served = await liveLegalText(db, site, key.locale, key.document);
  return {
    site: key.siteId,
    locale: key.locale,
    document: key.document,
    default_markdown: await defaultLegalMarkdown(key),
    override: overrideView(override),
    served: served ? "override" : "default",
  } satisfies LegalTextAnswer;
}

/** GET /api/staff/legal/{site}/{locale}: the texts, each with whether it is overridden. */
export async function listLegalTexts(
  db: Database,
  actor: StaffActor,
  scope: Scope,
): Promise<LegalTextsAnswer> {
  allowed(actor);
  const { site, documents } = scopeOf(scope);
  const overrides = await listLegalOverrides(db, site.id, scope.locale);
  return {
    documents: documents.map((document) => {
      const override = overrides.get(document);
      return {
        document,
        overridden: override !== undefined,
        updated_at: override?.updatedAt.toISOString() ?? null,
        updated_by: override?.updatedBy ?? null,
      };
    }),
  };
}

/** GET …/{document}: the default Markdown and the live override. */
export async function getLegalTextForEditing(
  db: Database,
  actor: StaffActor,
  path: TextPath,
): Promise<LegalTextAnswer> {
  allowed(actor);
  const { site, key } = keyOf(path);
  return textAnswer(db, site, key, await readLegalOverride(db, key));
}

/** POST …/preview: the text checked and rendered as its page would show it; nothing saved. */
export async function previewLegalText(
  actor: StaffActor,
  path: TextPath,
  markdown: string,
): Promise<LegalPreviewAnswer> {
  allowed(actor);
  const { site, key } = keyOf(path);
  return fillLegal(await renderLegalMarkdown(markdown), site, pageLocaleOf(key.locale));
}

function audited(key: LegalKey) {
  return { type: "legal_text" as const, id: `${key.siteId}/${key.locale}/${key.document}` };
}

/** PUT …/{document}: checks and saves the text; live on every process at commit. */
export async function saveLegalText(
  db: Database,
  actor: StaffActor,
  path: TextPath,
  markdown: string,
): Promise<LegalTextAnswer> {
  allowed(actor);
  const { site, key } = keyOf(path);
  await renderLegalMarkdown(markdown);
  const { after } = await db.transaction(async (tx) => {
    const saved = await saveLegalOverride(tx, key, markdown, actor.staff?.id ?? null);
    await recordStaffAction(tx, actor, {
      action: "legal.save",
      target: audited(key),
      before: { markdown: saved.before?.markdown ?? null },
      after: { markdown },
    });
    return saved;
  });
  return textAnswer(db, site, key, after);
}

/** DELETE …/{document}: back to the default text (earlier versions are kept). */
export async function revertLegalText(
  db: Database,
  actor: StaffActor,
  path: TextPath,
): Promise<LegalTextAnswer> {
  allowed(actor);
  const { site, key } = keyOf(path);
  await db.transaction(async (tx) => {
    const before = await clearLegalOverride(tx, key);
    await recordStaffAction(tx, actor, {
      action: "legal.revert",
      target: audited(key),
      before: { markdown: before?.markdown ?? null },
      after: { markdown: null },
    });
  });
  return textAnswer(db, site, key, null);
}
