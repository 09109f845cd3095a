import { useEffect, useState } from "react";
import { ApiRequestError, apiFetch } from "../lib/api-client";
import Modal from "./Modal";
import { type I18nProps, useTranslate } from "./use-translate";

type Props = I18nProps & {
  email: string;
  /** spec §4: after signup (the signup-complete flag) a smartphone sees a modal, not an alert. */
  signupComplete: boolean;
};

const SMARTPHONE = "(max-width: 575.98px)";

/** spec §4 Activation reminder, with a button that sends the link again. */
export default function ActivationReminder(props: Props) {
  const t = useTranslate(props);
  const [asModal, setAsModal] = useState(false);
  const [modalOpen, setModalOpen] = useState(true);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);

  useEffect(() => {
    setAsModal(props.signupComplete && matchMedia(SMARTPHONE).matches);
  }, [props.signupComplete]);

  async function resend() {
    try {
      await apiFetch("/api/activation.php", { method: "POST", body: { email: props.email } });
      setResult({ ok: true, text: t("signup.checkMail.resent") });
    } catch (caught) {
      setResult({
        ok: false,
        text:
          caught instanceof ApiRequestError && caught.status > 0
            ? caught.message
            : t("error.retry"),
      });
    }
  }

  const body = (
    <>
      <p>{t("activate.reminder.text", { email: props.email })}</p>
      {result ? (
        <p className={result.ok ? "muted" : "field-error"} role="status">
          {result.text}
        </p>
      ) : null}
    </>
  );
  const button = (
    <button type="button" className="btn btn-outline btn-sm" onClick={resend}>
      {t("activate.reminder.resend")}
    </button>
  );

  if (asModal) {
    return (
      <Modal
        open={modalOpen}
        title={t("signup.checkMail.title")}
        closeLabel={t("common.close")}
        onClose={() => setModalOpen(false)}
        footer={button}
      >
        {body}
      </Modal>
    );
  }
  return (
    <section
      className="activation-reminder alert alert-warning"
      aria-label={t("signup.checkMail.title")}
    >
      <div className="container cluster">
        <div className="activation-reminder-text">{body}</div>
        {button}
      </div>
    </section>
  );
}
