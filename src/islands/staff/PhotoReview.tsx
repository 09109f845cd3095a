import { useEffect, useRef, useState } from "react";
import type { ReviewPhoto } from "../../contract/staff-photos";
import { api } from "../../lib/api-client";
import Modal from "../ui/Modal";
import { describeApiError } from "../ui/use-api-form";
import { type I18nProps, useTranslate } from "../ui/use-translate";
import { staffFormat } from "./format";
import KeysetQueue, { queueTexts } from "./KeysetQueue";
import PhotoCard from "./PhotoCard";
import PhotoDecision from "./PhotoDecision";
import { useKeysetList } from "./use-keyset-list";

/** Photos a page of the queue brings. */
export const REVIEW_PAGE = 24;

/** The catalogue keys this island needs (its page picks them; its test too). */
export const PHOTO_REVIEW_MESSAGES = [
  "staff.console.photos.",
  "staff.console.action.working",
  "staff.console.action.reason",
  "common.close",
  "error.",
  "validation.",
];

/**
 * issue 27 item 5: the photo review queue, oldest first (GET /api/staff/photos). A photo is
 * approved from its card or from the larger view in a dialog, where it can be rejected with a
 * reason; a decided photo leaves the grid and the status line says what was decided.
 */
export default function PhotoReview(props: I18nProps) {
  const t = useTranslate(props);
  const format = staffFormat(props.locale);
  const list = useKeysetList<ReviewPhoto>(t, async (cursor) => {
    const page = await api("GET /api/staff/photos", {
      query: { cursor: cursor ?? undefined, limit: REVIEW_PAGE },
    });
    return { items: page.photos, next: page.next_cursor };
  });
  const { setError } = list;
  const [status, setStatus] = useState<string | null>(null);
  const [open, setOpen] = useState<ReviewPhoto | null>(null);
  const [busy, setBusy] = useState<number | null>(null);
  const statusRef = useRef<HTMLDivElement>(null);
  const [focusStatus, setFocusStatus] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on arrival
  useEffect(() => {
    void list.load(null);
  }, []);

  // After the dialog closed (its opener is gone with the photo): the outcome is heard.
  useEffect(() => {
    if (focusStatus > 0) statusRef.current?.focus();
  }, [focusStatus]);

  function decided(photo: ReviewPhoto, decision: "approved" | "rejected") {
    setOpen(null);
    list.remove(photo.id);
    setError(null);
    setStatus(t(`staff.console.photos.${decision}`, { id: photo.id, name: photo.member.name }));
    setFocusStatus((count) => count + 1);
  }

  async function approve(photo: ReviewPhoto) {
    setBusy(photo.id);
    try {
      await api("POST /api/staff/photos/{id}/approve", { params: { id: photo.id } });
      decided(photo, "approved");
    } catch (caught) {
      setStatus(null);
      setError(describeApiError(caught, t));
    } finally {
      setBusy(null);
    }
  }

  return (
    <div className="stack">
      <p className="muted">{t("staff.console.photos.lead")}</p>
      <KeysetQueue
        list={list}
        status={status}
        statusRef={statusRef}
        texts={queueTexts(t, "staff.console.photos", "staff.console.photos.empty")}
        className="staff-review-grid"
      >
        {(photo) => (
          <PhotoCard
            key={photo.id}
            t={t}
            format={format}
            photo={photo}
            busy={busy === photo.id}
            onOpen={() => setOpen(photo)}
            onApprove={() => void approve(photo)}
          />
        )}
      </KeysetQueue>
      <Modal
        open={open !== null}
        title={
          open ? t("staff.console.photos.photoOf", { id: open.id, name: open.member.name }) : ""
        }
        closeLabel={t("common.close")}
        onClose={() => setOpen(null)}
      >
        {open ? (
          <PhotoDecision
            key={open.id}
            t={t}
            photo={open}
            onDecided={(decision) => decided(open, decision)}
          />
        ) : null}
      </Modal>
    </div>
  );
}
