import { useEffect, useRef, useState } from "react";
import type { MemberSanction } from "../../contract/account-options";
import { SANCTION_REASON_MAX, SUSPENSION_DAYS_MAX } from "../../contract/moderation-options";
import type { Translate } from "../../i18n/translate";
import { api } from "../../lib/api-client";
import ActionList, { ActionField, type StaffAction, wholeNumber } from "./ActionList";
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

type ModerationName = "warn" | "suspend" | "lift" | "ban";

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

  /** An action's texts: `staff.console.member.moderation.<name>.title`, `.lead`, `.submit`. */
  const texts = (name: ModerationName) => ({
    name,
    title: t(`staff.console.member.moderation.${name}.title`),
    lead: t(`staff.console.member.moderation.${name}.lead`),
    submitLabel: t(`staff.console.member.moderation.${name}.submit`),
  });

  /** Warn, lift and ban: the reason is all they send. */
  const withReason = (name: "warn" | "lift" | "ban"): StaffAction => ({
    ...texts(name),
    run: (reason) =>
      act(async () => {
        await api(`POST /api/staff/members/{id}/${name}`, { params, body: { reason } });
        return t(`staff.console.member.moderation.${name}.done`);
      }),
  });

  const suspend: StaffAction = {
    ...texts("suspend"),
    field: (
      <ActionField
        name="days"
        label={t("staff.console.member.moderation.suspend.days")}
        hint={t("staff.console.member.moderation.suspend.daysHint", { max: SUSPENSION_DAYS_MAX })}
        type="number"
        inputMode="numeric"
        min={1}
        max={SUSPENSION_DAYS_MAX}
        step={1}
      />
    ),
    run: (reason, data) =>
      act(async () => {
        const days = wholeNumber(data.get("days"), 3);
        const result = await api("POST /api/staff/members/{id}/suspend", {
          params,
          body: { days, reason },
        });
        return t("staff.console.member.moderation.suspend.done", {
          date: format.dateTime(result.member.sanction_ends_at),
        });
      }),
  };

  return (
    <div className="stack">
      {notice ? (
        <p ref={noticeRef} tabIndex={-1} className="alert alert-info" role="status">
          {notice}
        </p>
      ) : null}
      <ActionList
        t={t}
        reasonMax={SANCTION_REASON_MAX}
        actions={[
          can("members.warn") && withReason("warn"),
          can("members.suspend") && sanction !== "banned" && suspend,
          can("members.lift") && sanction !== null && withReason("lift"),
          can("members.ban") && sanction !== "banned" && { ...withReason("ban"), dangerous: true },
        ]}
        confirmation={{
          title: t("staff.console.member.moderation.ban.confirmTitle"),
          confirmLabel: t("staff.console.member.moderation.ban.confirm"),
          text: t("staff.console.member.moderation.ban.confirmText", {
            name: props.name ?? `#${props.memberId}`,
          }),
        }}
      />
    </div>
  );
}
