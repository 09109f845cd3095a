import { useEffect, useState } from "react";
import type { SupportMemberAnswer } from "../../contract/staff-support";
import { api } from "../../lib/api-client";
import ErrorAlert from "../ui/ErrorAlert";
import { describeApiError } from "../ui/use-api-form";
import { type I18nProps, useTranslate } from "../ui/use-translate";
import { codeLabel } from "./code-labels";
import { staffFormat } from "./format";
import MemberActions, { type MemberScreenPermission } from "./MemberActions";
import MemberModeration, { moderationPermissions } from "./MemberModeration";
import MemberTables from "./MemberTables";

type Props = I18nProps & {
  memberId: number;
  /** What the staff member's role may do here (the API checks again). */
  allowed: readonly MemberScreenPermission[];
};

export type Member = SupportMemberAnswer;

/**
 * issue 27 item 7: one member as support sees them (GET /api/staff/members/{id}, an audited
 * read), in sections, with the support actions beside them.
 */
export default function MemberScreen(props: Props) {
  const t = useTranslate(props);
  const format = staffFormat(props.locale);
  const [member, setMember] = useState<Member | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function load() {
    try {
      setMember(await api("GET /api/staff/members/{id}", { params: { id: props.memberId } }));
      setError(null);
    } catch (caught) {
      setError(describeApiError(caught, t));
    }
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on arrival
  useEffect(() => {
    void load();
  }, []);

  if (!member) {
    return (
      <div className="stack">
        <h1>{t("staff.console.member.title", { id: props.memberId })}</h1>
        {error ? (
          <ErrorAlert message={error} />
        ) : (
          <p role="status">{t("staff.console.member.loading")}</p>
        )}
        <p>
          <a href="/staff/members">{t("staff.console.member.back")}</a>
        </p>
      </div>
    );
  }

  const { account, profile } = member;
  const yesNo = (value: boolean) =>
    value ? t("staff.console.member.yes") : t("staff.console.member.no");
  return (
    <div className="stack">
      <p>
        <a href="/staff/members">{t("staff.console.member.back")}</a>
      </p>
      <h1>
        {profile?.name ?? t("staff.console.member.title", { id: account.id })}{" "}
        <span className="muted">#{account.id}</span>
      </h1>
      <ErrorAlert message={error} />
      <div className="staff-columns">
        <div>
          <section className="staff-section" aria-labelledby="member-account">
            <h2 id="member-account">{t("staff.console.member.section.account")}</h2>
            <dl className="staff-facts">
              <dt>{t("staff.console.member.email")}</dt>
              <dd>{account.email}</dd>
              <dt>{t("staff.console.member.site")}</dt>
              <dd>{account.site}</dd>
              <dt>{t("staff.console.member.status")}</dt>
              <dd>{codeLabel(t, "accountStatus", account.status)}</dd>
              <dt>{t("staff.console.member.language")}</dt>
              <dd>{account.language ?? "–"}</dd>
              <dt>{t("staff.console.member.credits")}</dt>
              <dd data-testid="member-credits">{format.number(account.credits)}</dd>
              <dt>{t("staff.console.member.paid")}</dt>
              <dd>{yesNo(account.paid_user)}</dd>
              <dt>{t("staff.console.member.signup")}</dt>
              <dd>{format.dateTime(account.signup_date)}</dd>
              {account.deletion_requested_at ? (
                <>
                  <dt>{t("staff.console.member.deletionRequested")}</dt>
                  <dd>{format.dateTime(account.deletion_requested_at)}</dd>
                </>
              ) : null}
              {account.erased_at ? (
                <>
                  <dt>{t("staff.console.member.erased")}</dt>
                  <dd>{format.dateTime(account.erased_at)}</dd>
                </>
              ) : null}
              {account.email_disabled_reason ? (
                <>
                  <dt>{t("staff.console.member.emailDisabled")}</dt>
                  <dd>{codeLabel(t, "emailDisabledReason", account.email_disabled_reason)}</dd>
                </>
              ) : null}
              <dt>{t("staff.console.member.directDebitBlocked")}</dt>
              <dd>
                {account.direct_debit_blocked_at
                  ? format.dateTime(account.direct_debit_blocked_at)
                  : t("staff.console.member.no")}
              </dd>
            </dl>
          </section>
          <section className="staff-section" aria-labelledby="member-profile">
            <h2 id="member-profile">{t("staff.console.member.section.profile")}</h2>
            {profile ? (
              <dl className="staff-facts">
                <dt>{t("staff.console.member.name")}</dt>
                <dd>
                  {profile.name} <span className="muted">#{profile.id}</span>
                </dd>
                <dt>{t("staff.console.member.profileStatus")}</dt>
                <dd>
                  {codeLabel(t, "profileStatus", profile.status)}
                  {profile.invisible ? ` · ${t("staff.console.member.invisible")}` : ""}
                  {profile.fictional ? ` · ${t("staff.console.member.fictional")}` : ""}
                </dd>
                <dt>{t("staff.console.member.gender")}</dt>
                <dd>{profile.gender ? codeLabel(t, "gender", profile.gender) : "–"}</dd>
                <dt>{t("staff.console.member.birthdate")}</dt>
                <dd>{format.day(profile.birthdate)}</dd>
                <dt>{t("staff.console.member.country")}</dt>
                <dd>
                  {[profile.country && format.country(profile.country), profile.region]
                    .filter(Boolean)
                    .join(" · ")}
                </dd>
                <dt>{t("staff.console.member.kind")}</dt>
                <dd>{codeLabel(t, "profileKind", profile.kind)}</dd>
                <dt>{t("staff.console.member.lastActive")}</dt>
                <dd>{format.dateTime(profile.last_active_at)}</dd>
                <dt>{t("staff.console.member.about")}</dt>
                <dd className="staff-about">{profile.about ?? "–"}</dd>
              </dl>
            ) : (
              <p className="muted">{t("staff.console.member.noProfile")}</p>
            )}
          </section>
          <section className="staff-section" aria-labelledby="member-photos">
            <h2 id="member-photos">{t("staff.console.member.section.photos")}</h2>
            {member.photos.length === 0 ? (
              <p className="muted">{t("staff.console.member.empty")}</p>
            ) : (
              <ul className="staff-photos">
                {member.photos.map((photo) => (
                  <li key={photo.id}>
                    <a href={photo.large} target="_blank" rel="noopener">
                      <img
                        src={photo.thumb}
                        alt={t("staff.console.member.photoAlt", { id: photo.id })}
                        loading="lazy"
                      />
                    </a>
                    <span className="muted">
                      {codeLabel(t, "photoStatus", photo.status)}
                      {photo.is_main ? ` · ${t("staff.console.member.mainPhoto")}` : ""}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </section>
          <MemberModeration
            t={t}
            format={format}
            memberId={account.id}
            name={profile?.name ?? null}
            erased={account.erased_at !== null}
            moderation={member.moderation}
            allowed={moderationPermissions(props.allowed)}
            onChanged={load}
          />
          <MemberTables
            t={t}
            format={format}
            member={member}
            canRefund={props.allowed.includes("orders.refund")}
            onChanged={load}
            onMember={(update) => setMember((current) => current && update(current))}
          />
        </div>
        <MemberActions
          t={t}
          format={format}
          member={member}
          allowed={props.allowed}
          onCredits={(credits) => setMember({ ...member, account: { ...account, credits } })}
          onChanged={load}
        />
      </div>
    </div>
  );
}
