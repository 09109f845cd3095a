import { useState } from "react";
import { ApiRequestError, api } from "../../lib/api-client";
import ErrorAlert from "../ui/ErrorAlert";
import Modal, { ModalActions } from "../ui/Modal";
import { type I18nProps, useTranslate } from "../ui/use-translate";

type Props = I18nProps & {
  orderId: number;
  /** The amount and the credits, formatted, for the confirmation. */
  amount: string;
  credits: string;
};

/**
 * issue 14: withdrawing a purchase (the return policy). The dialog says what happens — the
 * money back, the package's credits gone — before the member commits; the page is shown anew
 * once the order is withdrawn. A refusal is said in the dialog.
 */
export default function WithdrawButton(props: Props) {
  const t = useTranslate(props);
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function withdraw() {
    setBusy(true);
    setError(null);
    try {
      await api("POST /api/withdraw.php", { body: { order: props.orderId } });
      window.location.reload();
    } catch (caught) {
      setBusy(false);
      setError(
        caught instanceof ApiRequestError ? caught.message : t("payments.error.unavailable"),
      );
    }
  }

  return (
    <>
      <button type="button" className="btn btn-ghost" onClick={() => setOpen(true)}>
        {t("payments.withdraw.button")}
      </button>
      <Modal
        open={open}
        title={t("payments.withdraw.title")}
        onClose={() => setOpen(false)}
        closeLabel={t("common.close")}
        footer={
          <ModalActions cancelLabel={t("common.cancel")} onCancel={() => setOpen(false)}>
            <button
              type="button"
              className="btn btn-danger"
              disabled={busy}
              onClick={() => void withdraw()}
            >
              {busy ? t("common.loading") : t("payments.withdraw.confirm")}
            </button>
          </ModalActions>
        }
      >
        <p>{t("payments.withdraw.text", { amount: props.amount, credits: props.credits })}</p>
        <ErrorAlert message={error} />
      </Modal>
    </>
  );
}
