import { type ReactNode, useRef, useState } from "react";
import type { Translate } from "../../i18n/translate";
import Modal from "../ui/Modal";

/**
 * A question before an action that cannot be undone (ban, erase): `ask()` opens the dialog and
 * answers true when the staff member confirms, false when they cancel or close it. Focus goes
 * back to the opener on closing (ui/Modal).
 */
export function useConfirm() {
  const [open, setOpen] = useState(false);
  const answer = useRef<((value: boolean) => void) | null>(null);
  function ask(): Promise<boolean> {
    setOpen(true);
    return new Promise((resolve) => {
      answer.current = resolve;
    });
  }
  function close(value: boolean) {
    setOpen(false);
    answer.current?.(value);
    answer.current = null;
  }
  return { open, ask, close };
}

type Props = {
  t: Translate;
  open: boolean;
  title: string;
  /** The danger button's label, saying what happens ("Ban for good"). */
  confirmLabel: string;
  /** true: confirmed; false: cancelled or closed. */
  onClose: (confirmed: boolean) => void;
  children: ReactNode;
};

/** The console's confirmation dialog: the danger action first, Cancel beside it. */
export default function ConfirmDialog({ t, open, title, confirmLabel, onClose, children }: Props) {
  return (
    <Modal
      open={open}
      title={title}
      onClose={() => onClose(false)}
      closeLabel={t("common.close")}
      footer={
        <div className="cluster">
          <button type="button" className="btn btn-danger" onClick={() => onClose(true)}>
            {confirmLabel}
          </button>
          <button type="button" className="btn btn-outline" onClick={() => onClose(false)}>
            {t("staff.console.action.cancel")}
          </button>
        </div>
      }
    >
      {children}
    </Modal>
  );
}
