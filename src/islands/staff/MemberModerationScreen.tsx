import { useEffect, useState } from "react";
import type { MemberModerationAnswer } from "../../contract/moderation";
import { api } from "../../lib/api-client";
import ErrorAlert from "../ui/ErrorAlert";
import { describeApiError } from "../ui/use-api-form";
import { type I18nProps, useTranslate } from "../ui/use-translate";
import { staffFormat } from "./format";
import MemberModeration, { type ModerationPermission } from "./MemberModeration";

type Props = I18nProps & {
  memberId: number;
  allowed: readonly ModerationPermission[];
};

/**
 * design §13: the member screen of a role that takes account actions without reading members'
 * private data (moderators): the member's name, state and strikes, and the actions
 * (GET /api/staff/members/{id}/moderation, which writes no audit row).
 */
export default function MemberModerationScreen(props: Props) {
  const t = useTranslate(props);
  const format = staffFormat(props.locale);
  const [member, setMember] = useState<MemberModerationAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function load() {
    try {
      const params = { id: props.memberId };
      setMember(await api("GET /api/staff/members/{id}/moderation", { params }));
      setError(null);
    } catch (caught) {
      setError(describeApiError(caught, t));
    }
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on arrival
  useEffect(() => {
    void load();
  }, []);

  return (
    <div className="stack">
      <h1>
        {member?.name ?? t("staff.console.member.title", { id: props.memberId })}{" "}
        {member?.name ? <span className="muted">#{member.id}</span> : null}
      </h1>
      <ErrorAlert message={error} />
      {member ? (
        <>
          {member.erased ? <p className="muted">{t("staff.console.action.erasedNote")}</p> : null}
          <MemberModeration
            t={t}
            format={format}
            memberId={member.id}
            name={member.name}
            erased={member.erased}
            moderation={member.moderation}
            allowed={props.allowed}
            onChanged={load}
          />
        </>
      ) : error ? null : (
        <p role="status">{t("staff.console.member.loading")}</p>
      )}
    </div>
  );
}
