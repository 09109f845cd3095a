import { useId } from "react";
import type { ReportCase } from "../../contract/staff-reports";
import type { Translate } from "../../i18n/translate";

type Props = {
  t: Translate;
  photos: ReportCase["member"]["photos"];
  value: number | null;
  onChange: (id: number) => void;
  /** A 422's message for photo_id. */
  error?: string;
};

/** Which of the reported member's photos a removal takes: a radio group of thumbnails. */
export default function PhotoChoice({ t, photos, value, onChange, error }: Props) {
  const errorId = useId();
  const name = useId();
  if (photos.length === 0) {
    return <p className="muted">{t("staff.console.reports.resolve.noPhotos")}</p>;
  }
  return (
    <fieldset
      className="field"
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? errorId : undefined}
    >
      <legend className="field-label">{t("staff.console.reports.resolve.photo")}</legend>
      <ul className="staff-photos">
        {photos.map((photo) => (
          <li key={photo.id}>
            <label className="staff-photo-choice">
              <input
                type="radio"
                name={name}
                value={photo.id}
                checked={value === photo.id}
                onChange={() => onChange(photo.id)}
              />
              <img
                src={photo.thumb}
                alt={t("staff.console.reports.resolve.photoAlt", { id: photo.id })}
                loading="lazy"
              />
            </label>
          </li>
        ))}
      </ul>
      {error ? (
        <p id={errorId} className="field-error">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
