import { eq, type SQL, sql } from "drizzle-orm";
import type { Locale } from "../../i18n/locales";
import type { OperatedConversation } from "../chat/operated";
import type { Database } from "../db/client";
import { ApiError, notFound } from "../lib/errors";
import { sites } from "../sites/registry";
import type { StaffActor } from "./audit";
import { authorize } from "./permissions";
import { staffAccounts } from "./schema";

/**
 * issue 28: what an inbox agent works on: the member languages on their staff account (else
 * the console's language) and its sites (else all). The command line and admins' own
 * restrictions apply alike; an account without a row (the command line) sees everything.
 */
export type AgentScope = { staffId: number; languages: string[]; sites: string[] };

/** The inbox's lease: a claim lasts this long from the claim or the agent's last reply. */
export const CLAIM_MINUTES = 5;

/** A site's default language: the first two letters of its `domainLanguage` (spec §4). */
export function siteLanguage(siteId: string): string {
  const site = sites.find((entry) => entry.id === siteId);
  return (site?.domainLanguage ?? "en").slice(0, 2).toLowerCase();
}

/** SQL for a member's language: their own, else their site's (`users` aliased as given). */
export function memberLanguageSql(language: SQL | unknown, siteId: SQL | unknown): SQL {
  const cases = sites.map((site) => sql`when ${site.id} then ${siteLanguage(site.id)}`);
  return sql`coalesce(left(${language}, 2), case ${siteId} ${sql.join(cases, sql` `)} else 'en' end)`;
}

/** The calling agent's scope; 403 without `inbox.answer`. */
export async function agentScope(db: Database, actor: StaffActor): Promise<AgentScope> {
  if (!actor.staff) throw new ApiError(403, "forbidden", "error.forbidden");
  authorize(actor, "inbox.answer");
  const [account] = await db
    .select({
      language: staffAccounts.language,
      languages: staffAccounts.inboxLanguages,
      sites: staffAccounts.inboxSites,
    })
    .from(staffAccounts)
    .where(eq(staffAccounts.id, actor.staff.id));
  if (!account) throw new ApiError(403, "forbidden", "error.forbidden");
  const languages: Locale[] = account.languages?.length ? account.languages : [account.language];
  return {
    staffId: actor.staff.id,
    languages,
    sites: account.sites?.length ? account.sites : sites.map((site) => site.id),
  };
}

/** Whether a conversation is one the agent may see: its member's site and language. */
export function inScope(scope: AgentScope, conversation: OperatedConversation): boolean {
  const language = (conversation.memberLanguage ?? siteLanguage(conversation.memberSiteId)).slice(
    0,
    2,
  );
  return scope.sites.includes(conversation.memberSiteId) && scope.languages.includes(language);
}

/** An operated conversation the agent may work on, else 404 (another's is not told apart). */
export function assertInScope(
  scope: AgentScope,
  conversation: OperatedConversation | null,
): OperatedConversation {
  if (!conversation || !inScope(scope, conversation)) throw notFound("staff.inbox.error.notFound");
  return conversation;
}
