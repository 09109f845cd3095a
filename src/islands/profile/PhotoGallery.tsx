import { lazy, Suspense, useState } from "react";
import type { GalleryPhoto, LockedPhoto, PhotoView } from "../../contract/photos";
import PremiumAlert from "../payments/PremiumAlert";
import Modal, { ModalActions } from "../ui/Modal";
import { type I18nProps, useTranslate } from "../ui/use-translate";

// Swiper loads only when a member opens the gallery, so the profile page stays light.
const GallerySwiper = lazy(() => import("./GallerySwiper"));

type Props = I18nProps & {
  name: string;
  photos: GalleryPhoto[];
  /** Whether the viewer is logged in: locked photos then call for premium, else for login. */
  isMember: boolean;
  /** Where the login button leads back to. */
  loginHref: string;
};

function isLocked(photo: GalleryPhoto): photo is LockedPhoto {
  return "locked" in photo;
}

const LockIcon = () => (
  <svg aria-hidden="true" viewBox="0 0 24 24" width="22" height="22" className="lock-icon">
    <path
      fill="currentColor"
      d="M12 2a5 5 0 0 1 5 5v3h1a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2v-8a2 2 0 0 1 2-2h1V7a5 5 0 0 1 5-5Zm0 2a3 3 0 0 0-3 3v3h6V7a3 3 0 0 0-3-3Z"
    />
  </svg>
);

/**
 * The profile's main image and thumbnails (spec §2 Profile view). Open photos open a swiper
 * gallery; locked photos are the server's blurred stand-ins (design §8) with a call to log in
 * or to go premium.
 */
export default function PhotoGallery(props: Props) {
  const t = useTranslate(props);
  const open = props.photos.filter((photo): photo is PhotoView => !isLocked(photo));
  const locked = props.photos.filter(isLocked);
  const [galleryAt, setGalleryAt] = useState<number | null>(null);
  const [lockedOpen, setLockedOpen] = useState(false);
  const main = open[0];

  return (
    <div className="gallery">
      <div className="gallery-main">
        {main ? (
          <button
            type="button"
            className="gallery-main-button"
            onClick={() => setGalleryAt(0)}
            aria-label={t("profile.openGallery", { number: 1, total: open.length })}
          >
            <img
              src={main.match}
              width={main.width}
              height={main.height}
              alt={t("profile.photoAlt", { number: 1, name: props.name })}
              fetchPriority="high"
            />
          </button>
        ) : (
          <div className="gallery-empty">{t("profile.noPhoto")}</div>
        )}
      </div>
      {props.photos.length > 1 ? (
        <ul className="gallery-thumbs" aria-label={t("profile.photos")}>
          {open.slice(1).map((photo, index) => (
            <li key={photo.id}>
              <button
                type="button"
                className="gallery-thumb"
                onClick={() => setGalleryAt(index + 1)}
                aria-label={t("profile.openGallery", { number: index + 2, total: open.length })}
              >
                <img src={photo.thumb} width={96} height={120} alt="" loading="lazy" />
              </button>
            </li>
          ))}
          {locked.map((photo) => (
            <li key={photo.id}>
              <button
                type="button"
                className="gallery-thumb gallery-thumb-locked"
                onClick={() => setLockedOpen(true)}
                aria-label={t("profile.lockedPhoto")}
              >
                {photo.blurred ? (
                  <img src={photo.blurred} width={96} height={120} alt="" loading="lazy" />
                ) : null}
                <LockIcon />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {locked.length ? (
        <div className="gallery-locked-call">
          <p>
            <strong>{t("profile.locked", { count: locked.length })}</strong>{" "}
            {props.isMember
              ? t("profile.lockedText", { name: props.name })
              : t("profile.loginForPhotosText", { name: props.name })}
          </p>
          {props.isMember ? (
            <button
              type="button"
              className="btn btn-primary btn-sm"
              onClick={() => setLockedOpen(true)}
            >
              {t("profile.lockedCta")}
            </button>
          ) : (
            <a className="btn btn-primary btn-sm" href={props.loginHref}>
              {t("nav.login")}
            </a>
          )}
        </div>
      ) : null}
      {props.isMember ? (
        <PremiumAlert
          locale={props.locale}
          messages={props.messages}
          open={lockedOpen}
          feature="locked_photos"
          onClose={() => setLockedOpen(false)}
        />
      ) : (
        <Modal
          open={lockedOpen}
          title={t("profile.loginForPhotos")}
          closeLabel={t("common.close")}
          onClose={() => setLockedOpen(false)}
          footer={
            <ModalActions cancelLabel={t("common.cancel")} onCancel={() => setLockedOpen(false)}>
              <a className="btn btn-primary" href={props.loginHref}>
                {t("nav.login")}
              </a>
            </ModalActions>
          }
        >
          <p>{t("profile.loginForPhotosText", { name: props.name })}</p>
        </Modal>
      )}
      <Modal
        open={galleryAt !== null}
        title={t("profile.gallery", { name: props.name })}
        closeLabel={t("common.close")}
        onClose={() => setGalleryAt(null)}
      >
        {galleryAt !== null ? (
          <Suspense fallback={<p>{t("common.loading")}</p>}>
            <GallerySwiper
              photos={open}
              initialSlide={galleryAt}
              alt={(number) => t("profile.photoAlt", { number, name: props.name })}
              previousLabel={t("profile.galleryPrevious")}
              nextLabel={t("profile.galleryNext")}
            />
          </Suspense>
        ) : null}
      </Modal>
    </div>
  );
}
