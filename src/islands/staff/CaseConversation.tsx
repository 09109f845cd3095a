import { useId } from "react";
import { GIFTS, type Gift } from "../../contract/chat-options";
import type { ReportCase } from "../../contract/staff-reports";
import type { Translate } from "../../i18n/translate";
import type { StaffFormat } from "./format";

type Props = {
  t: Translate;
  format: StaffFormat;
  report: ReportCase["reports"][number];
  /** Who wrote what: the reporter and the reported member, as the case names them. */
  names: { reporter: string; reported: string };
};

function isGift(value: string): value is Gift {
  return (GIFTS as readonly string[]).includes(value);
}

/**
 * The conversation a report came from: its last messages both ways, oldest first, each marked
 * with who wrote it; pictures as thumbnails (a link to the whole one), gifts by name.
 */
export default function CaseConversation({ t, format, report, names }: Props) {
  const headingId = useId();
  if (report.messages.length === 0) {
    return (
      <p className="muted">
        {report.conversation_id
          ? t("staff.console.reports.noMessages")
          : t("staff.console.reports.noConversation")}
      </p>
    );
  }
  return (
    <section aria-labelledby={headingId}>
      <h5 id={headingId} className="staff-thread-title">
        {t("staff.console.reports.conversation", { count: report.messages.length })}
      </h5>
      <ol className="staff-thread">
        {report.messages.map((message) => {
          const who =
            message.from === "reporter"
              ? t("staff.console.reports.fromReporter", { name: names.reporter })
              : t("staff.console.reports.fromReported", { name: names.reported });
          return (
            <li key={message.id} className={`staff-message staff-thread-${message.from}`}>
              <p className="staff-thread-meta">
                <strong>{who}</strong> ·{" "}
                <time dateTime={message.created_at}>{format.dateTime(message.created_at)}</time>
              </p>
              {message.image ? (
                <a href={message.image} target="_blank" rel="noopener">
                  <img
                    className="staff-thumb"
                    src={message.image}
                    alt={t("staff.console.reports.imageBy", { name: who })}
                    loading="lazy"
                  />
                </a>
              ) : null}
              {message.gift ? (
                <p>
                  {t("staff.console.reports.gift", {
                    gift: isGift(message.gift) ? t(`gift.${message.gift}`) : message.gift,
                  })}
                </p>
              ) : null}
              {message.body ? <p className="staff-thread-body">{message.body}</p> : null}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
