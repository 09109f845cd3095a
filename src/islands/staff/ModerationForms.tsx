import { useEffect, useId, useRef, useState } from "react";
import type { MemberSanction } from "../../contract/account-options";
import { SANCTION_REASON_MAX, SUSPENSION_DAYS_MAX } from "../../contract/moderation-options";
import type { Translate } from "../../i18n/translate";
import { api } from "../../lib/api-client";
import ActionForm from "./ActionForm";
import ConfirmDialog, { useConfirm } from "./ConfirmDialog";
import type { StaffFormat } from "./format";

/** The permissions of the account actions (staff/permissions.ts). */
export const MODERATION_PERMISSIONS = [
  "members.warn",
  "members.suspend",
  "members.ban",
  "members.lift",
] as const;
export type ModerationPermission = (typeof MODERATION_PERMISSIONS)[number];

/** The account actions among a screen's permissions. */
export function moderationPermissions(allowed: readonly string[]): ModerationPermission[] {
  return MODERATION_PERMISSIONS.filter((permission) => allowed.includes(permission));
}

type Props = {
  t: Translate;
  format: StaffFormat;
  memberId: number;
  name: string | null;
  sanction: MemberSanction | null;
  allowed: readonly ModerationPermission[];
  onChanged: () => Promise<void>;
};

/**
 * design §13: the account actions on a member, each a form with a reason the member is told
 * (warn, suspend for 1 to 365 days, ban, lift); a ban asks first in a dialog, and focus
 * returns to its button. Only what can apply is offered: no ban or suspension of a banned
 * member, a lift only while a sanction is in force.
 */
export default function ModerationForms(props: Props) {
  const { t, format, sanction } = props;
  const can = (permission: ModerationPermission) => props.allowed.includes(permission);
  const params = { id: props.memberId };
  const daysId = useId();
  const confirmation = useConfirm();
  const why = (data: FormData) => String(data.get("reason") ?? "");
  // The result is shown above the forms: the one acted with may be gone after the reload.
  const [notice, setNotice] = useState<string | null>(null);
  const noticeRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (notice) noticeRef.current?.focus();
  }, [notice]);

  /** Runs an action, reloads the member and shows `message`; the form itself shows nothing. */
  async function act(call: () => Promise<string>): Promise<string> {
    setNotice(null);
    const message = await call();
    await props.onChanged();
    setNotice(message);
    return "";
  }

  return (
    <div className="stack">
      {notice ? (
        <p ref={noticeRef} tabIndex={-1} className="alert alert-info" role="status">
          {notice}
        </p>
      ) : null}
      {can("members.warn") ? (
        <ActionForm
          t={t}
          title={t("staff.console.member.moderation.warn.title")}
          lead={t("staff.console.member.moderation.warn.lead")}
          submitLabel={t("staff.console.member.moderation.warn.submit")}
          withReason
          reasonMax={SANCTION_REASON_MAX}
          onSubmit={(data) =>
            act(async () => {
              await api("POST /api/staff/members/{id}/warn", {
                params,
                body: { reason: why(data) },
              });
              return t("staff.console.member.moderation.warn.done");
            })
          }
        />
      ) : null}
      {can("members.suspend") && sanction !== "banned" ? (
        <ActionForm
          t={t}
          title={t("staff.console.member.moderation.suspend.title")}
          lead={t("staff.console.member.moderation.suspend.lead")}
          submitLabel={t("staff.console.member.moderation.suspend.submit")}
          withReason
          reasonMax={SANCTION_REASON_MAX}
          onSubmit={(data) =>
            act(async () => {
              const text = String(data.get("days") ?? "").trim();
              const days = /^\d{1,3}$/.test(text) ? Number(text) : Number.NaN;
              const result = await api("POST /api/staff/members/{id}/suspend", {
                params,
                body: { days, reason: why(data) },
              });
              return t("staff.console.member.moderation.suspend.done", {
                date: format.dateTime(result.member.sanction_ends_at),
              });
            })
          }
        >
          <div className="field">
            <label htmlFor={daysId} className="field-label">
              {t("staff.console.member.moderation.suspend.days")}
            </label>
            <input
              id={daysId}
              name="days"
              type="number"
              inputMode="numeric"
              min={1}
              max={SUSPENSION_DAYS_MAX}
              step={1}
              required
              className="field-input field-narrow"
              aria-describedby={`${daysId}-hint`}
            />
            <p id={`${daysId}-hint`} className="field-hint">
              {t("staff.console.member.moderation.suspend.daysHint", { max: SUSPENSION_DAYS_MAX })}
            </p>
          </div>
        </ActionForm>
      ) : null}
      {can("members.lift") && sanction !== null ? (
        <ActionForm
          t={t}
          title={t("staff.console.member.moderation.lift.title")}
          lead={t("staff.console.member.moderation.lift.lead")}
          submitLabel={t("staff.console.member.moderation.lift.submit")}
          withReason
          reasonMax={SANCTION_REASON_MAX}
          onSubmit={(data) =>
            act(async () => {
              await api("POST /api/staff/members/{id}/lift", {
                params,
                body: { reason: why(data) },
              });
              return t("staff.console.member.moderation.lift.done");
            })
          }
        />
      ) : null}
      {can("members.ban") && sanction !== "banned" ? (
        <ActionForm
          t={t}
          title={t("staff.console.member.moderation.ban.title")}
          lead={t("staff.console.member.moderation.ban.lead")}
          submitLabel={t("staff.console.member.moderation.ban.submit")}
          danger
          withReason
          reasonMax={SANCTION_REASON_MAX}
          confirm={confirmation.ask}
          onSubmit={(data) =>
            act(async () => {
              await api("POST /api/staff/members/{id}/ban", {
                params,
                body: { reason: why(data) },
              });
              return t("staff.console.member.moderation.ban.done");
            })
          }
        />
      ) : null}
      <ConfirmDialog
        t={t}
        open={confirmation.open}
        title={t("staff.console.member.moderation.ban.confirmTitle")}
        confirmLabel={t("staff.console.member.moderation.ban.confirm")}
        onClose={confirmation.close}
      >
        <p>
          {t("staff.console.member.moderation.ban.confirmText", {
            name: props.name ?? `#${props.memberId}`,
          })}
        </p>
      </ConfirmDialog>
    </div>
  );
}
