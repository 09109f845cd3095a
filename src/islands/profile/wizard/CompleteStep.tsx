import type { Ref } from "react";
import type { Translate } from "../../../i18n/translate";

type Props = {
  t: Translate;
  profileId: number;
  /** The heading, focused when the wizard arrives here. */
  headingRef: Ref<HTMLHeadingElement>;
  onEdit: () => void;
};

/** After the last step: see the profile, start searching, or edit it again. */
export default function CompleteStep({ t, profileId, headingRef, onEdit }: Props) {
  return (
    <section className="card wizard-complete stack" aria-labelledby="wizard-complete-title">
      <h2 id="wizard-complete-title" ref={headingRef} tabIndex={-1}>
        {t("wizard.complete.title")}
      </h2>
      <p>{t("wizard.complete.text")}</p>
      <div className="wizard-actions">
        <a className="btn btn-primary" href={`/members/${profileId}`}>
          {t("wizard.complete.viewProfile")}
        </a>
        <a className="btn btn-outline" href="/members">
          {t("wizard.complete.search")}
        </a>
        <button type="button" className="btn btn-ghost" onClick={onEdit}>
          {t("wizard.complete.edit")}
        </button>
      </div>
    </section>
  );
}
