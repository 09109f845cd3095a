import type { MemberModeration as Moderation, StrikeView } from "../../contract/moderation";
import type { Translate } from "../../i18n/translate";
import ColumnHeads from "./ColumnHeads";
import type { StaffFormat } from "./format";
import ModerationForms, { type ModerationPermission } from "./ModerationForms";

export { type ModerationPermission, moderationPermissions } from "./ModerationForms";

type Props = {
  t: Translate;
  format: StaffFormat;
  memberId: number;
  /** The profile's name, for the ban's confirmation; null without a profile. */
  name: string | null;
  erased: boolean;
  moderation: Moderation;
  /** The account actions the staff member's role may take (the API checks again). */
  allowed: readonly ModerationPermission[];
  /** Loads the member again after an action. */
  onChanged: () => Promise<void>;
};

/** The member's account state in words: active, suspended until a date, or banned. */
export function sanctionText(t: Translate, format: StaffFormat, moderation: Moderation): string {
  if (moderation.sanction === "banned") return t("staff.console.member.moderation.state.banned");
  if (moderation.sanction === "suspended") {
    return t("staff.console.member.moderation.state.suspended", {
      date: format.dateTime(moderation.sanction_ends_at),
    });
  }
  return t("staff.console.member.moderation.state.active");
}

function StrikeRow({
  t,
  format,
  strike,
}: {
  t: Translate;
  format: StaffFormat;
  strike: StrikeView;
}) {
  return (
    <tr>
      <td>{t(`staff.console.member.moderation.kind.${strike.kind}`)}</td>
      <td className="staff-about">{strike.reason}</td>
      <td>
        {strike.staff_id === null
          ? t("staff.console.member.moderation.system")
          : t("staff.console.member.moderation.staff", { id: strike.staff_id })}
      </td>
      <td>{format.dateTime(strike.created_at)}</td>
      <td>{strike.ends_at ? format.dateTime(strike.ends_at) : "–"}</td>
    </tr>
  );
}

/**
 * design §13, issue 27 item 4: a member's moderation on their screen: the account state in
 * words, every strike newest first, and the account actions the role may take.
 */
export default function MemberModeration(props: Props) {
  const { t, format, moderation } = props;
  const head = [
    t("staff.console.member.col.kind"),
    t("staff.console.member.col.reason"),
    t("staff.console.member.moderation.by"),
    t("staff.console.member.col.date"),
    t("staff.console.member.col.ends"),
  ];
  return (
    <section className="staff-section" aria-labelledby="member-moderation">
      <h2 id="member-moderation">{t("staff.console.member.section.moderation")}</h2>
      <dl className="staff-facts">
        <dt>{t("staff.console.member.moderation.stateLabel")}</dt>
        <dd data-testid="member-sanction">{sanctionText(t, format, moderation)}</dd>
      </dl>
      <h3 id="member-strikes">{t("staff.console.member.moderation.strikes")}</h3>
      {moderation.strikes.length === 0 ? (
        <p className="muted">{t("staff.console.member.moderation.noStrikes")}</p>
      ) : (
        <div className="staff-table-wrap">
          <table className="staff-table" aria-labelledby="member-strikes">
            <ColumnHeads labels={head} />
            <tbody>
              {moderation.strikes.map((strike) => (
                <StrikeRow key={strike.id} t={t} format={format} strike={strike} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {props.erased || props.allowed.length === 0 ? null : (
        <ModerationForms {...props} sanction={moderation.sanction} />
      )}
    </section>
  );
}
