import { type ChangeEvent, useRef, useState } from "react";
import type { OwnPhotos, PhotoView } from "../../contract/photos";
import { ApiRequestError, api, apiFetch } from "../../lib/api-client";
import { showToast } from "../../stores/toasts";
import PremiumAlert from "../payments/PremiumAlert";
import Modal, { ModalActions } from "../ui/Modal";
import { describeApiError } from "../ui/use-api-form";
import { type I18nProps, useTranslate } from "../ui/use-translate";

type Props = I18nProps & {
  photos: OwnPhotos;
  /** spec §9: what premium allows, for the premium alert. */
  premiumLimit: number;
  isPremium: boolean;
  onChange?: (photos: OwnPhotos) => void;
};

const ACCEPT = "image/jpeg,image/png,image/webp,image/avif";

/**
 * The member's own photos (spec §2 /profile step 4, design §8): upload, choose the main photo,
 * reorder with buttons (keyboard and screen-reader friendly, unlike drag and drop), delete.
 * Past the limit the premium alert explains what premium allows.
 */
export default function PhotoManager(props: Props) {
  const t = useTranslate(props);
  const [own, setOwn] = useState(props.photos);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [premiumOpen, setPremiumOpen] = useState(false);
  const [toDelete, setToDelete] = useState<PhotoView | null>(null);
  const statusRef = useRef<HTMLParagraphElement>(null);
  const atLimit = own.photos.filter((photo) => photo.status !== "rejected").length >= own.limit;

  function update(next: OwnPhotos) {
    setOwn(next);
    props.onChange?.(next);
  }

  async function change(action: () => Promise<OwnPhotos>, success?: string) {
    setBusy(true);
    setError(null);
    try {
      update(await action());
      if (success) showToast(success, "success");
    } catch (caught) {
      if (caught instanceof ApiRequestError && caught.code === "photo_limit" && !props.isPremium) {
        setPremiumOpen(true);
      }
      setError(describeApiError(caught, t));
      requestAnimationFrame(() => statusRef.current?.focus());
    } finally {
      setBusy(false);
    }
  }

  function upload(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file || busy) return;
    const form = new FormData();
    form.append("photo", file);
    void change(
      () => apiFetch<OwnPhotos>("/api/photos.php", { method: "POST", body: form, retries: 2 }),
      t("photos.uploaded"),
    ).finally(() => {
      input.value = "";
    });
  }

  function move(index: number, by: -1 | 1) {
    const order = own.photos.map((photo) => photo.id);
    const [moved] = order.splice(index, 1);
    order.splice(index + by, 0, moved as number);
    // The first photo is the main one (gallery order), so moving into first place makes it main.
    const main_id = index + by === 0 || index === 0 ? order[0] : undefined;
    void change(() => api("PATCH /api/photos.php", { body: { order, main_id } }));
  }

  return (
    <section className="photo-manager stack" aria-labelledby="photo-manager-title">
      <div className="photo-manager-head">
        <h3 id="photo-manager-title">{t("photos.title")}</h3>
        <p className="muted">{t("photos.count", { count: own.photos.length, limit: own.limit })}</p>
      </div>
      <p>{t("photos.lead")}</p>
      {own.photos.length ? (
        <ol className="photo-manager-list" aria-label={t("photos.list")}>
          {own.photos.map((photo, index) => (
            <li key={photo.id} className="photo-manager-item">
              <img
                src={photo.thumb}
                width={120}
                height={150}
                alt={t("photos.photoAlt", { number: index + 1 })}
              />
              {photo.id === own.main_id ? (
                <span className="badge badge-primary">{t("photos.main")}</span>
              ) : null}
              {photo.status !== "active" ? (
                <span className="badge badge-muted">{t(`photos.status.${photo.status}`)}</span>
              ) : null}
              <div className="photo-manager-actions">
                {photo.id !== own.main_id && photo.status === "active" ? (
                  <button
                    type="button"
                    className="btn btn-outline btn-sm"
                    disabled={busy}
                    onClick={() =>
                      change(() =>
                        api("PATCH /api/photos.php", {
                          body: { main_id: photo.id },
                        }),
                      )
                    }
                  >
                    {t("photos.makeMain")}
                  </button>
                ) : null}
                <button
                  type="button"
                  className="btn btn-ghost btn-sm"
                  disabled={busy || index === 0}
                  onClick={() => move(index, -1)}
                  aria-label={`${t("photos.moveEarlier")}: ${t("photos.photoAlt", { number: index + 1 })}`}
                >
                  ←
                </button>
                <button
                  type="button"
                  className="btn btn-ghost btn-sm"
                  disabled={busy || index === own.photos.length - 1}
                  onClick={() => move(index, 1)}
                  aria-label={`${t("photos.moveLater")}: ${t("photos.photoAlt", { number: index + 1 })}`}
                >
                  →
                </button>
                <button
                  type="button"
                  className="btn btn-ghost btn-sm btn-danger-text"
                  disabled={busy}
                  onClick={() => setToDelete(photo)}
                  aria-label={`${t("photos.delete")}: ${t("photos.photoAlt", { number: index + 1 })}`}
                >
                  {t("photos.delete")}
                </button>
              </div>
            </li>
          ))}
        </ol>
      ) : (
        <p className="muted">{t("photos.none")}</p>
      )}
      <div>
        <label className={`btn btn-primary photo-upload${busy ? " is-busy" : ""}`}>
          {/* Not disabled while busy (aria-disabled instead): disabling the focused control
              would drop keyboard focus to the page body; it stays here, and the toast says
              the photo was added. */}
          <input
            type="file"
            accept={ACCEPT}
            className="visually-hidden"
            aria-disabled={busy}
            onClick={(event) => {
              if (busy) {
                event.preventDefault();
              } else if (atLimit && !props.isPremium) {
                event.preventDefault();
                setPremiumOpen(true);
              }
            }}
            onChange={upload}
          />
          {busy ? t("photos.uploading") : t("photos.add")}
        </label>
        <p className="field-hint">{t("photos.rules")}</p>
      </div>
      <p
        ref={statusRef}
        tabIndex={-1}
        className={error ? "field-error" : "visually-hidden"}
        role="status"
      >
        {error ?? ""}
      </p>
      <PremiumAlert
        locale={props.locale}
        messages={props.messages}
        open={premiumOpen}
        feature="photos"
        onClose={() => setPremiumOpen(false)}
      />
      <Modal
        open={toDelete !== null}
        title={t("photos.deleteConfirm.title")}
        closeLabel={t("common.close")}
        onClose={() => setToDelete(null)}
        footer={
          <ModalActions cancelLabel={t("common.cancel")} onCancel={() => setToDelete(null)}>
            <button
              type="button"
              className="btn btn-danger"
              onClick={() => {
                const photo = toDelete;
                setToDelete(null);
                if (photo) {
                  void change(
                    () =>
                      api("DELETE /api/photos.php", {
                        query: { id: photo.id },
                      }),
                    t("photos.deleted"),
                  );
                }
              }}
            >
              {t("photos.delete")}
            </button>
          </ModalActions>
        }
      >
        {toDelete ? (
          <img
            src={toDelete.thumb}
            width={120}
            height={150}
            alt=""
            className="photo-delete-preview"
          />
        ) : null}
        <p>{t("photos.deleteConfirm.text")}</p>
      </Modal>
    </section>
  );
}
