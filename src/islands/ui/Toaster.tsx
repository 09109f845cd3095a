import { useStore } from "@nanostores/react";
import { $toasts, dismissToast } from "../../stores/toasts";
import { type I18nProps, useTranslate } from "./use-translate";

/** Toasts (spec §9: at most 350 px wide), announced politely to screen readers. */
export default function Toaster(props: I18nProps) {
  const t = useTranslate(props);
  const toasts = useStore($toasts);
  return (
    <section className="toaster" aria-live="polite" aria-label={t("common.notifications")}>
      {toasts.map((toast) => (
        <div key={toast.id} className={`toast toast-${toast.variant}`} role="status">
          <p>{toast.message}</p>
          <button
            type="button"
            className="btn btn-ghost btn-icon"
            onClick={() => dismissToast(toast.id)}
          >
            <span aria-hidden="true">×</span>
            <span className="visually-hidden">{t("common.dismiss")}</span>
          </button>
        </div>
      ))}
    </section>
  );
}
