import { type SubmitEvent, useEffect, useId, useRef, useState } from "react";
import type { DiscountCodeView } from "../../../contract/payments";
import type { Translate } from "../../../i18n/translate";
import { api } from "../../../lib/api-client";
import PasswordField from "../../ui/PasswordField";
import { useApiForm } from "../../ui/use-api-form";
import SectionStatus from "./SectionStatus";
import SettingsSection from "./SettingsSection";

type Props = {
  t: Translate;
  /** The company's retention offer in percent (spec §3 Company info delete_discount). */
  deleteDiscount: number;
  reactivationDays: number;
};

/**
 * spec §1: deleting the account first shows the retention offer, then asks for the password;
 * the account can be reactivated for `reactivationDays` days. Keeping the account takes the
 * offer (issue 29 item 6): the member's own code is made and shown, and the checkout applies it.
 */
export default function DeleteAccountSection({ t, deleteDiscount, reactivationDays }: Props) {
  const id = useId();
  const form = useApiForm(t);
  const [confirming, setConfirming] = useState(false);
  const startRef = useRef<HTMLButtonElement>(null);
  const offerRef = useRef<HTMLParagraphElement>(null);
  const keptRef = useRef<HTMLDivElement>(null);
  const [kept, setKept] = useState<DiscountCodeView | null>(null);
  const passwordId = `${id}-password`;
  const opened = useRef(false);

  // The button pressed goes away: focus moves to what replaced it (the offer, so it is heard
  // first, or the password), and back to the start button when the member keeps the account.
  useEffect(() => {
    if (confirming) {
      opened.current = true;
      (offerRef.current ?? document.getElementById(passwordId))?.focus();
    } else if (opened.current && !keptRef.current) {
      startRef.current?.focus();
    }
  }, [confirming, passwordId]);

  useEffect(() => {
    if (kept) keptRef.current?.focus();
  }, [kept]);

  function keep() {
    if (deleteDiscount <= 0) {
      setConfirming(false);
      return;
    }
    void form.run(async () => {
      setKept(await api("POST /api/retention-offer.php"));
      setConfirming(false);
    });
  }

  function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const password = String(new FormData(event.currentTarget).get("password") ?? "");
    void form.run(
      async () => {
        await api("POST /api/account-delete.php", { body: { password } });
        location.assign("/account-deleted");
      },
      { navigates: true },
    );
  }

  return (
    <SettingsSection heading={t("settings.delete.heading")} className="danger-zone">
      <p>{t("settings.delete.text", { days: reactivationDays })}</p>
      {kept && !confirming ? (
        <div ref={keptRef} tabIndex={-1} className="alert alert-success stack" role="status">
          <p>
            {t("settings.delete.kept", {
              code: kept.code,
              discount: kept.value_percentage,
              days: Math.max(1, Math.ceil((kept.validity ?? 0) / 86_400)),
            })}
          </p>
          <p>
            <a className="btn btn-primary btn-sm" href="/credits">
              {t("settings.delete.keptCta")}
            </a>
          </p>
        </div>
      ) : null}
      {confirming ? (
        <form method="post" className="stack" onSubmit={submit} noValidate>
          {deleteDiscount > 0 ? (
            <p ref={offerRef} tabIndex={-1} className="alert alert-info">
              {t("settings.delete.offer", { discount: deleteDiscount })}
            </p>
          ) : null}
          <PasswordField
            id={passwordId}
            name="password"
            purpose="current"
            label={t("settings.delete.password")}
            error={form.fields.password}
          />
          <SectionStatus form={form} />
          <div className="cluster">
            <button
              type="button"
              className="btn btn-primary"
              aria-disabled={form.busy}
              onClick={form.busy ? undefined : keep}
            >
              {t("settings.delete.keep")}
            </button>
            <button type="submit" className="btn btn-danger" aria-disabled={form.busy}>
              {t("settings.delete.confirm")}
            </button>
          </div>
        </form>
      ) : (
        <button
          ref={startRef}
          type="button"
          className="btn btn-outline-danger"
          onClick={() => setConfirming(true)}
        >
          {t("settings.delete.start")}
        </button>
      )}
    </SettingsSection>
  );
}
