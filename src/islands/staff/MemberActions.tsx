import type { SupportMemberAnswer as Member } from "../../contract/staff-support";
import type { Translate } from "../../i18n/translate";
import { api } from "../../lib/api-client";
import ActionList, { ActionField, type StaffAction, wholeNumber } from "./ActionList";
import type { StaffFormat } from "./format";
import type { ModerationPermission } from "./ModerationForms";

/** The permissions of the member screen's actions (staff/permissions.ts). */
export type ActionPermission =
  | "members.credits"
  | "orders.refund"
  | "members.support"
  | "members.export"
  | "members.erase";

/** Everything the member screen may offer: support's actions and the account actions. */
export type MemberScreenPermission = ActionPermission | ModerationPermission;

/** The support calls whose body is the reason alone. */
type ReasonPath =
  | "POST /api/staff/members/{id}/resend-activation"
  | "POST /api/staff/members/{id}/lift-direct-debit-block"
  | "POST /api/staff/members/{id}/erase";

type Props = {
  t: Translate;
  format: StaffFormat;
  member: Member;
  allowed: readonly MemberScreenPermission[];
  onCredits: (credits: number) => void;
  onChanged: () => Promise<void>;
};

/** Saves a JSON answer as a file the browser downloads. */
function download(name: string, data: unknown) {
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: "application/json" });
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Support actions whose texts are `staff.console.action.<name>.title` and `.submit`. */
type SupportName = "credits" | "resend" | "endSessions" | "liftBlock" | "export" | "erase";

/**
 * issue 27 item 7: the support actions on one member, each a form with its result or its
 * translated error; erasing asks first in a dialog, and focus returns to its button.
 */
export default function MemberActions({ t, format, member, allowed, onCredits, onChanged }: Props) {
  const can = (permission: ActionPermission) => allowed.includes(permission);
  const { account, profile } = member;
  const params = { id: account.id };

  if (account.erased_at !== null) {
    return (
      <aside className="staff-section" aria-labelledby="member-actions">
        <h2 id="member-actions">{t("staff.console.member.section.actions")}</h2>
        <p className="muted">{t("staff.console.action.erasedNote")}</p>
      </aside>
    );
  }

  const named = (name: SupportName) => ({
    name,
    title: t(`staff.console.action.${name}.title`),
    submitLabel: t(`staff.console.action.${name}.submit`),
  });

  /** Posts the reason alone, reloads the member and says it is done. */
  const reasonOnly = (name: "resend" | "liftBlock" | "erase", path: ReasonPath): StaffAction => ({
    ...named(name),
    run: async (reason) => {
      await api(path, { params, body: { reason } });
      await onChanged();
      return t(`staff.console.action.${name}.done`);
    },
  });

  const credits: StaffAction = {
    ...named("credits"),
    lead: t("staff.console.action.credits.lead", { credits: format.number(account.credits) }),
    field: (
      <ActionField
        name="delta"
        label={t("staff.console.action.credits.delta")}
        hint={t("staff.console.action.credits.deltaHint")}
        type="text"
        inputMode="numeric"
        pattern="[+\-−]?[0-9]+"
        autoComplete="off"
      />
    ),
    run: async (reason, data) => {
      const delta = wholeNumber(data.get("delta"), 7);
      const result = await api("POST /api/staff/members/{id}/credits", {
        params,
        body: { delta, reason },
      });
      onCredits(result.credits);
      void onChanged();
      return t("staff.console.action.credits.done", { credits: format.number(result.credits) });
    },
  };

  const endSessions: StaffAction = {
    ...named("endSessions"),
    lead: t("staff.console.action.endSessions.lead"),
    run: async (reason) => {
      const result = await api("POST /api/staff/members/{id}/end-sessions", {
        params,
        body: { reason },
      });
      void onChanged();
      return t("staff.console.action.endSessions.done", { count: result.ended });
    },
  };

  const fictional = profile?.fictional ?? false;
  const markFictional: StaffAction = {
    name: "fictional",
    title: t("staff.console.action.fictional.title"),
    lead: t(`staff.console.action.fictional.${fictional ? "isFictional" : "isReal"}`),
    submitLabel: t(`staff.console.action.fictional.${fictional ? "unmark" : "mark"}`),
    run: async (reason) => {
      await api("POST /api/staff/members/{id}/fictional", {
        params,
        body: { fictional: !fictional, reason },
      });
      await onChanged();
      return t("staff.console.action.fictional.done");
    },
  };

  const exportData: StaffAction = {
    ...named("export"),
    lead: t("staff.console.action.export.lead"),
    run: async (reason) => {
      const answer = await api("POST /api/staff/members/{id}/export", {
        params,
        body: { reason },
      });
      download(`member-${account.id}.json`, answer);
      return t("staff.console.action.export.done");
    },
  };

  return (
    <aside className="staff-section staff-actions" aria-labelledby="member-actions">
      <h2 id="member-actions">{t("staff.console.member.section.actions")}</h2>
      <ActionList
        t={t}
        actions={[
          can("members.credits") && credits,
          can("members.support") &&
            account.status === "not_confirmed" &&
            reasonOnly("resend", "POST /api/staff/members/{id}/resend-activation"),
          can("members.support") && endSessions,
          can("members.support") &&
            account.direct_debit_blocked_at !== null &&
            reasonOnly("liftBlock", "POST /api/staff/members/{id}/lift-direct-debit-block"),
          can("members.support") && profile !== null && markFictional,
          can("members.export") && exportData,
          can("members.erase") && {
            ...reasonOnly("erase", "POST /api/staff/members/{id}/erase"),
            lead: t("staff.console.action.erase.lead"),
            dangerous: true,
          },
        ]}
        confirmation={{
          title: t("staff.console.action.erase.confirmTitle"),
          confirmLabel: t("staff.console.action.erase.confirm"),
          text: t("staff.console.action.erase.confirmText", { email: account.email }),
        }}
      />
    </aside>
  );
}
