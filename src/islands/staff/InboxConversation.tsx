import { useEffect, useId, useRef, useState } from "react";
import type {
  InboxConversationAnswer,
  InboxMessage,
  InboxProfile,
} from "../../contract/staff-inbox";
import type { Translate } from "../../i18n/translate";
import { api } from "../../lib/api-client";
import ErrorAlert from "../ui/ErrorAlert";
import { describeApiError } from "../ui/use-api-form";
import type { StaffFormat } from "./format";
import InboxNotes from "./InboxNotes";
import InboxReply from "./InboxReply";

type Props = {
  t: Translate;
  format: StaffFormat;
  conversation: number;
  /** A claim or an answer changed the queue: it reads again. */
  onChanged: () => void;
};

/**
 * One conversation with an operated profile, as the agent works it: the claim, the whole
 * conversation, the member's and the profile's own profiles, the pair's notes and the reply.
 */
export default function InboxConversation({ t, format, conversation, onChanged }: Props) {
  const [data, setData] = useState<InboxConversationAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [claiming, setClaiming] = useState(false);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const threadRef = useRef<HTMLOListElement>(null);
  // The answer being written outlives a lost claim: claimed again, it is still there.
  const [draft, setDraft] = useState("");
  const headingId = useId();

  async function load() {
    try {
      setData(await api("GET /api/staff/inbox/{conversation}", { params: { conversation } }));
      setError(null);
    } catch (caught) {
      setError(describeApiError(caught, t));
    }
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: once per conversation (keyed)
  useEffect(() => {
    void load();
  }, []);

  /** The page of messages before the oldest shown, above them; focus stays on the way up. */
  async function loadOlder(cursor: string) {
    setLoadingOlder(true);
    try {
      const older = await api("GET /api/staff/inbox/{conversation}", {
        params: { conversation },
        query: { cursor },
      });
      setData((current) =>
        current
          ? {
              ...current,
              messages: [...older.messages, ...current.messages],
              older_cursor: older.older_cursor,
            }
          : current,
      );
      setError(null);
      // The button goes with the first message: the list, now starting there, takes focus.
      if (older.older_cursor === null) threadRef.current?.focus();
    } catch (caught) {
      setError(describeApiError(caught, t));
    } finally {
      setLoadingOlder(false);
    }
  }

  async function claim() {
    setClaiming(true);
    try {
      const answer = await api("POST /api/staff/inbox/{conversation}/claim", {
        params: { conversation },
      });
      setData((current) => (current ? { ...current, claim: answer.claim } : current));
      setError(null);
      onChanged();
    } catch (caught) {
      setError(describeApiError(caught, t));
    } finally {
      setClaiming(false);
    }
  }

  function sent(message: InboxMessage, claim: InboxConversationAnswer["claim"]) {
    setData((current) =>
      current ? { ...current, claim, messages: [...current.messages, message] } : current,
    );
    onChanged();
  }

  if (!data) {
    return error ? (
      <ErrorAlert message={error} />
    ) : (
      <p role="status">{t("staff.console.inbox.loading")}</p>
    );
  }
  const names = { member: data.member.name ?? "–", operated: data.operated.name ?? "–" };
  const mine = data.claim?.mine === true;
  return (
    <section className="staff-section stack" aria-labelledby={headingId}>
      <h2 id={headingId}>{t("staff.console.inbox.conversationTitle", names)}</h2>
      <ErrorAlert message={error} />
      <p>
        {mine && data.claim
          ? t("staff.console.inbox.claimedUntil", { time: format.dateTime(data.claim.expires_at) })
          : data.claim
            ? t("staff.console.inbox.claimedByOther")
            : t("staff.console.inbox.unclaimed")}{" "}
        {mine ? null : (
          <button type="button" className="btn" disabled={claiming} onClick={() => void claim()}>
            {t("staff.console.inbox.claim")}
          </button>
        )}
      </p>
      {data.older_cursor ? (
        <div>
          <button
            type="button"
            className="btn btn-outline btn-sm"
            disabled={loadingOlder}
            onClick={() => data.older_cursor && void loadOlder(data.older_cursor)}
          >
            {t("staff.console.inbox.older")}
          </button>
        </div>
      ) : null}
      <ol
        ref={threadRef}
        tabIndex={-1}
        className="staff-thread"
        aria-label={t("staff.console.inbox.messages")}
      >
        {data.messages.map((message) => (
          <li key={message.id} className="staff-message">
            <p className="staff-thread-meta">
              <strong>{message.from === "member" ? names.member : names.operated}</strong> ·{" "}
              <time dateTime={message.created_at}>{format.dateTime(message.created_at)}</time>
              {message.sent_by_staff_id === null
                ? null
                : ` · ${t("staff.console.inbox.byAgent", { id: message.sent_by_staff_id })}`}
            </p>
            <p className="staff-thread-body">{message.text ?? t("staff.console.inbox.notText")}</p>
          </li>
        ))}
      </ol>
      {mine ? (
        <InboxReply
          t={t}
          conversation={conversation}
          language={data.language}
          draft={draft}
          setDraft={setDraft}
          onSent={sent}
          onLostClaim={(message) => void load().then(() => setError(message))}
        />
      ) : null}
      <div className="staff-pair">
        <ProfileFacts
          t={t}
          format={format}
          profile={data.member}
          title={t("staff.console.inbox.member")}
        />
        <ProfileFacts
          t={t}
          format={format}
          profile={data.operated}
          title={t("staff.console.inbox.operated")}
        />
      </div>
      <InboxNotes t={t} conversation={conversation} />
    </section>
  );
}

function ProfileFacts(props: {
  t: Translate;
  format: StaffFormat;
  profile: InboxProfile;
  title: string;
}) {
  const { t, format, profile } = props;
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId}>{props.title}</h3>
      <dl className="staff-facts">
        <dt>{t("staff.console.inbox.name")}</dt>
        <dd>{profile.name ?? "–"}</dd>
        <dt>{t("staff.console.inbox.born")}</dt>
        <dd>{profile.birthdate ? format.day(profile.birthdate) : "–"}</dd>
        <dt>{t("staff.console.inbox.country")}</dt>
        <dd>{profile.country ? format.country(profile.country) : "–"}</dd>
        <dt>{t("staff.console.inbox.language")}</dt>
        <dd>{profile.language?.toUpperCase() ?? "–"}</dd>
        <dt>{t("staff.console.inbox.about")}</dt>
        <dd>{profile.about ?? "–"}</dd>
      </dl>
      {profile.photos.length > 0 ? (
        <ul className="staff-photos">
          {profile.photos.map((photo, index) => (
            <li key={photo.thumb}>
              <a href={photo.large} target="_blank" rel="noopener">
                <img
                  src={photo.thumb}
                  alt={t("staff.console.inbox.photo", {
                    name: profile.name ?? "–",
                    number: index + 1,
                  })}
                  loading="lazy"
                />
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
