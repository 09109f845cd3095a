import { useState } from "react";
import type { PhotoView } from "../server/photos/service";
import type { LockedPhoto } from "../server/profiles/service";
import Modal from "./Modal";
import { type I18nProps, useTranslate } from "./use-translate";

type Props = I18nProps & {
  name: string;
  photos: (PhotoView | LockedPhoto)[];
  /** Where the login button leads back to. */
  loginHref: string;
};

function isLocked(photo: PhotoView | LockedPhoto): photo is LockedPhoto {
  return "locked" in photo;
}

/**
 * The profile's main image with its thumbnails (spec §2 Profile view). Locked photos have no
 * URL at all (design §8); choosing one explains how to see it.
 */
export default function PhotoGallery(props: Props) {
  const t = useTranslate(props);
  const visible = props.photos.filter((photo): photo is PhotoView => !isLocked(photo));
  const [selected, setSelected] = useState(0);
  const [lockedOpen, setLockedOpen] = useState(false);
  const main = visible[selected] ?? visible[0];

  return (
    <div className="gallery">
      <div className="gallery-main">
        {main ? (
          <img
            src={main.match}
            width={main.width}
            height={main.height}
            alt={t("profile.photoAlt", { number: selected + 1, name: props.name })}
            fetchPriority="high"
          />
        ) : (
          <div className="gallery-empty">{t("profile.noPhoto")}</div>
        )}
      </div>
      {props.photos.length > 1 ? (
        <ul className="gallery-thumbs" aria-label={t("profile.photos")}>
          {props.photos.map((photo, index) => (
            <li key={photo.id}>
              {isLocked(photo) ? (
                <button
                  type="button"
                  className="gallery-thumb gallery-thumb-locked"
                  onClick={() => setLockedOpen(true)}
                >
                  <svg aria-hidden="true" viewBox="0 0 24 24" width="24" height="24">
                    <path
                      fill="currentColor"
                      d="M12 2a5 5 0 0 1 5 5v3h1a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2v-8a2 2 0 0 1 2-2h1V7a5 5 0 0 1 5-5Zm0 2a3 3 0 0 0-3 3v3h6V7a3 3 0 0 0-3-3Z"
                    />
                  </svg>
                  <span className="visually-hidden">{t("profile.lockedPhoto")}</span>
                </button>
              ) : (
                <button
                  type="button"
                  className="gallery-thumb"
                  aria-pressed={visible[selected]?.id === photo.id}
                  onClick={() => setSelected(visible.indexOf(photo))}
                >
                  <img src={photo.thumb} width={80} height={100} alt="" loading="lazy" />
                  <span className="visually-hidden">
                    {t("profile.showPhoto", { number: index + 1 })}
                  </span>
                </button>
              )}
            </li>
          ))}
        </ul>
      ) : null}
      <Modal
        open={lockedOpen}
        title={t("profile.loginForPhotos")}
        closeLabel={t("common.close")}
        onClose={() => setLockedOpen(false)}
        footer={
          <>
            <button type="button" className="btn btn-ghost" onClick={() => setLockedOpen(false)}>
              {t("common.cancel")}
            </button>
            <a className="btn btn-primary" href={props.loginHref}>
              {t("nav.login")}
            </a>
          </>
        }
      >
        <p>{t("profile.loginForPhotosText", { name: props.name })}</p>
      </Modal>
    </div>
  );
}
