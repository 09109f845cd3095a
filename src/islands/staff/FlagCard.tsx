import { useId } from "react";
import type { FlagVerdict as Verdict } from "../../contract/staff-options";
import type { FlagMember, FlagMessage, MessageFlagView } from "../../contract/staff-safety";
import type { Translate } from "../../i18n/translate";
import FlagVerdict from "./FlagVerdict";
import type { StaffFormat } from "./format";

type Props = {
  t: Translate;
  format: StaffFormat;
  flag: MessageFlagView;
  canResolve: boolean;
  onResolved: (verdict: Verdict) => void;
};

function MemberLink({ t, member }: { t: Translate; member: FlagMember }) {
  return (
    <a href={`/staff/members/${member.user_id}`}>
      {member.name ?? t("staff.console.safety.erased")}
    </a>
  );
}

/** A message's words, or what it was when it had none (a gift, a picture). */
function MessageText({ message }: { message: FlagMessage }) {
  if (message.text !== null) return <>{message.text}</>;
  return <code>{message.gift ?? message.kind}</code>;
}

/**
 * One flagged message (issue 27 item 6): the rules it tripped, named; who wrote it to whom;
 * the text; the conversation up to it; and the verdict where the role may give one.
 */
export default function FlagCard({ t, format, flag, canResolve, onResolved }: Props) {
  const heading = useId();
  const nameOf = (from: FlagMessage["from"]) =>
    (from === "sender" ? flag.sender.name : flag.recipient.name) ??
    t("staff.console.safety.erased");
  const earlier = flag.context.filter((message) => message.id !== flag.message.id);
  return (
    <li>
      <article className="staff-section staff-flag" aria-labelledby={heading}>
        <h2 id={heading}>{t("staff.console.safety.flag", { id: flag.id })}</h2>
        <dl className="staff-facts">
          <dt>{t("staff.console.safety.rules")}</dt>
          <dd>
            <ul className="staff-flag-rules">
              {flag.rules.map((rule) => (
                <li key={rule.id} className="badge badge-warning">
                  {t(`staff.safety.rule.${rule.id}`)}
                </li>
              ))}
            </ul>
          </dd>
          <dt>{t("staff.console.safety.sender")}</dt>
          <dd>
            <MemberLink t={t} member={flag.sender} />
          </dd>
          <dt>{t("staff.console.safety.recipient")}</dt>
          <dd>
            <MemberLink t={t} member={flag.recipient} />
          </dd>
          <dt>{t("staff.console.safety.sent")}</dt>
          <dd>
            <time dateTime={flag.message.created_at}>
              {format.dateTime(flag.message.created_at)}
            </time>
          </dd>
        </dl>
        <blockquote className="staff-flag-text" aria-label={t("staff.console.safety.message")}>
          <MessageText message={flag.message} />
        </blockquote>
        {earlier.length > 0 ? (
          <details>
            <summary>{t("staff.console.safety.context")}</summary>
            <ol className="staff-flag-context">
              {earlier.map((message) => (
                <li key={message.id}>
                  <span className="muted">
                    {nameOf(message.from)} · {format.dateTime(message.created_at)}
                  </span>
                  <br />
                  <MessageText message={message} />
                </li>
              ))}
            </ol>
          </details>
        ) : null}
        {canResolve ? <FlagVerdict t={t} flagId={flag.id} onResolved={onResolved} /> : null}
      </article>
    </li>
  );
}
