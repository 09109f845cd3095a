import type { ReviewPhoto } from "../../contract/staff-photos";
import type { Translate } from "../../i18n/translate";
import type { StaffFormat } from "./format";

type Props = {
  t: Translate;
  format: StaffFormat;
  photo: ReviewPhoto;
  busy: boolean;
  /** Opens the larger view, where a photo is approved or rejected with a reason. */
  onOpen: () => void;
  onApprove: () => void;
};

/** The warning of a photo whose image is on another account too (a catfish?). */
export function DuplicateWarning({ t, photo }: { t: Translate; photo: ReviewPhoto }) {
  if (photo.duplicate_of === null) return null;
  const other = photo.duplicate_member;
  return (
    <p className="alert alert-warning staff-duplicate">
      <strong>{t("staff.console.photos.duplicateTitle")}</strong>{" "}
      {t("staff.console.photos.duplicate", { photo: photo.duplicate_of })}
      {other ? (
        <>
          {" "}
          {t("staff.console.photos.duplicateOwner")}{" "}
          <a href={`/staff/members/${other.user_id}`}>{other.name}</a>
        </>
      ) : null}
    </p>
  );
}

/** One photo of the review queue (issue 27 item 5): who, since when, and a catfish warning. */
export default function PhotoCard({ t, format, photo, busy, onOpen, onApprove }: Props) {
  const { member } = photo;
  const label = { id: photo.id, name: member.name };
  return (
    <li className="staff-review-card">
      <article aria-label={t("staff.console.photos.photoOf", label)}>
        <button type="button" className="staff-review-thumb" onClick={onOpen}>
          <img src={photo.thumb} alt="" loading="lazy" width={240} height={300} />
          <span className="visually-hidden">{t("staff.console.photos.open", label)}</span>
        </button>
        <p className="staff-review-who">
          <a href={`/staff/members/${member.user_id}`}>{member.name}</a>{" "}
          {photo.is_main ? <span className="badge">{t("staff.console.photos.main")}</span> : null}
        </p>
        <p className="muted">
          <time dateTime={photo.queued_at} title={format.dateTime(photo.queued_at)}>
            {t("staff.console.photos.queued", { ago: format.ago(photo.queued_at) })}
          </time>
        </p>
        <DuplicateWarning t={t} photo={photo} />
        <div className="staff-review-buttons">
          <button type="button" className="btn btn-primary" disabled={busy} onClick={onApprove}>
            {t("staff.console.photos.approve")}
          </button>
          <button type="button" className="btn btn-ghost" onClick={onOpen}>
            {t("staff.console.photos.review")}
          </button>
        </div>
      </article>
    </li>
  );
}
