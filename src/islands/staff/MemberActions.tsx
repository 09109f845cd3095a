import { useId } from "react";
import type { SupportMemberAnswer as Member } from "../../contract/staff-support";
import type { Translate } from "../../i18n/translate";
import { api } from "../../lib/api-client";
import ActionForm from "./ActionForm";
import ConfirmDialog, { useConfirm } from "./ConfirmDialog";
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

/**
 * issue 27 item 7: the support actions on one member, each a form with its result or its
 * translated error; erasing asks first in a dialog, and focus returns to its button.
 */
export default function MemberActions({ t, format, member, allowed, onCredits, onChanged }: Props) {
  const can = (permission: ActionPermission) => allowed.includes(permission);
  const id = member.account.id;
  const params = { id };
  const erased = member.account.erased_at !== null;
  const deltaId = useId();
  const why = (data: FormData) => ({ reason: String(data.get("reason") ?? "") });
  const confirmation = useConfirm();

  if (erased) {
    return (
      <aside className="staff-section" aria-labelledby="member-actions">
        <h2 id="member-actions">{t("staff.console.member.section.actions")}</h2>
        <p className="muted">{t("staff.console.action.erasedNote")}</p>
      </aside>
    );
  }

  return (
    <aside className="staff-section staff-actions" aria-labelledby="member-actions">
      <h2 id="member-actions">{t("staff.console.member.section.actions")}</h2>
      {can("members.credits") ? (
        <ActionForm
          t={t}
          title={t("staff.console.action.credits.title")}
          lead={t("staff.console.action.credits.lead", {
            credits: format.number(member.account.credits),
          })}
          submitLabel={t("staff.console.action.credits.submit")}
          withReason
          onSubmit={async (data) => {
            const text = String(data.get("delta") ?? "")
              .trim()
              .replace("−", "-")
              .replace(/^\+/, "");
            const delta = /^-?\d{1,7}$/.test(text) ? Number(text) : Number.NaN;
            const result = await api("POST /api/staff/members/{id}/credits", {
              params,
              body: { delta, ...why(data) },
            });
            onCredits(result.credits);
            void onChanged();
            return t("staff.console.action.credits.done", {
              credits: format.number(result.credits),
            });
          }}
        >
          <div className="field">
            <label htmlFor={deltaId} className="field-label">
              {t("staff.console.action.credits.delta")}
            </label>
            <input
              id={deltaId}
              name="delta"
              type="text"
              inputMode="numeric"
              pattern="[+\-−]?[0-9]+"
              autoComplete="off"
              required
              className="field-input field-narrow"
              aria-describedby={`${deltaId}-hint`}
            />
            <p id={`${deltaId}-hint`} className="field-hint">
              {t("staff.console.action.credits.deltaHint")}
            </p>
          </div>
        </ActionForm>
      ) : null}
      {can("members.support") && member.account.status === "not_confirmed" ? (
        <ActionForm
          t={t}
          title={t("staff.console.action.resend.title")}
          submitLabel={t("staff.console.action.resend.submit")}
          withReason
          onSubmit={async (data) => {
            await api("POST /api/staff/members/{id}/resend-activation", {
              params,
              body: why(data),
            });
            void onChanged();
            return t("staff.console.action.resend.done");
          }}
        />
      ) : null}
      {can("members.support") ? (
        <ActionForm
          t={t}
          title={t("staff.console.action.endSessions.title")}
          lead={t("staff.console.action.endSessions.lead")}
          submitLabel={t("staff.console.action.endSessions.submit")}
          withReason
          onSubmit={async (data) => {
            const result = await api("POST /api/staff/members/{id}/end-sessions", {
              params,
              body: why(data),
            });
            void onChanged();
            return t("staff.console.action.endSessions.done", { count: result.ended });
          }}
        />
      ) : null}
      {can("members.support") && member.account.direct_debit_blocked_at ? (
        <ActionForm
          t={t}
          title={t("staff.console.action.liftBlock.title")}
          submitLabel={t("staff.console.action.liftBlock.submit")}
          withReason
          onSubmit={async (data) => {
            await api("POST /api/staff/members/{id}/lift-direct-debit-block", {
              params,
              body: why(data),
            });
            void onChanged();
            return t("staff.console.action.liftBlock.done");
          }}
        />
      ) : null}
      {can("members.support") && member.profile ? (
        <ActionForm
          t={t}
          title={t("staff.console.action.fictional.title")}
          lead={
            member.profile.fictional
              ? t("staff.console.action.fictional.isFictional")
              : t("staff.console.action.fictional.isReal")
          }
          submitLabel={
            member.profile.fictional
              ? t("staff.console.action.fictional.unmark")
              : t("staff.console.action.fictional.mark")
          }
          withReason
          onSubmit={async (data) => {
            const fictional = !member.profile?.fictional;
            await api("POST /api/staff/members/{id}/fictional", {
              params,
              body: { fictional, ...why(data) },
            });
            await onChanged();
            return t("staff.console.action.fictional.done");
          }}
        />
      ) : null}
      {can("members.export") ? (
        <ActionForm
          t={t}
          title={t("staff.console.action.export.title")}
          lead={t("staff.console.action.export.lead")}
          submitLabel={t("staff.console.action.export.submit")}
          withReason
          onSubmit={async (data) => {
            const answer = await api("POST /api/staff/members/{id}/export", {
              params,
              body: why(data),
            });
            download(`member-${id}.json`, answer);
            return t("staff.console.action.export.done");
          }}
        />
      ) : null}
      {can("members.erase") ? (
        <ActionForm
          t={t}
          title={t("staff.console.action.erase.title")}
          lead={t("staff.console.action.erase.lead")}
          submitLabel={t("staff.console.action.erase.submit")}
          danger
          confirm={confirmation.ask}
          withReason
          onSubmit={async (data) => {
            await api("POST /api/staff/members/{id}/erase", { params, body: why(data) });
            await onChanged();
            return t("staff.console.action.erase.done");
          }}
        />
      ) : null}
      <ConfirmDialog
        t={t}
        open={confirmation.open}
        title={t("staff.console.action.erase.confirmTitle")}
        confirmLabel={t("staff.console.action.erase.confirm")}
        onClose={confirmation.close}
      >
        <p>{t("staff.console.action.erase.confirmText", { email: member.account.email })}</p>
      </ConfirmDialog>
    </aside>
  );
}
