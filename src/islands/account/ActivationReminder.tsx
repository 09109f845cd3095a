import { useStore } from "@nanostores/react";
import { useEffect, useState } from "react";
import { ApiRequestError, api } from "../../lib/api-client";
import { $activationRequired } from "../../stores/activation";
import Modal from "../ui/Modal";
import { type I18nProps, useTranslate } from "../ui/use-translate";

type Props = I18nProps & {
  email: string;
  /** spec §4: after signup (the signup-complete flag) a smartphone sees a modal, not an alert. */
  signupComplete: boolean;
  /**
   * spec §4: whether the reminder itself shows (a disabled profile and no e-mail opt-outs). Off,
   * the island only answers a refusal (below). Defaults to on.
   */
  reminder?: boolean;
};

const SMARTPHONE = "(max-width: 575.98px)";

/**
 * spec §4 Activation reminder, with a button that sends the link again. It also answers any
 * call refused for the unconfirmed address (issue 25: a like, a gift, an order): a dialog says
 * why, with the same button.
 */
export default function ActivationReminder(props: Props) {
  const t = useTranslate(props);
  const reminder = props.reminder ?? true;
  const [asModal, setAsModal] = useState(false);
  const [modalOpen, setModalOpen] = useState(true);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const refusal = useStore($activationRequired);

  useEffect(() => {
    setAsModal(props.signupComplete && matchMedia(SMARTPHONE).matches);
  }, [props.signupComplete]);

  async function resend() {
    try {
      await api("POST /api/activation.php", { body: { email: props.email } });
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

  const status = result ? (
    <p className={result.ok ? "muted" : "field-error"} role="status">
      {result.text}
    </p>
  ) : null;
  const body = (
    <>
      <p>{t("activate.reminder.text", { email: props.email })}</p>
      {status}
    </>
  );
  const button = (
    <button type="button" className="btn btn-outline btn-sm" onClick={resend}>
      {t("activate.reminder.resend")}
    </button>
  );

  // A refusal opens its own dialog, over the banner or where there is none.
  if (refusal !== null) {
    return (
      <Modal
        open
        title={t("activate.required.title")}
        closeLabel={t("common.close")}
        onClose={() => $activationRequired.set(null)}
        footer={button}
      >
        <p>{refusal}</p>
        {status}
      </Modal>
    );
  }
  if (!reminder) return null;
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
