import { type ReactNode, type RefObject, useEffect, useId, useRef } from "react";
import { returnFocus } from "./return-focus";

type Props = {
  open: boolean;
  title: string;
  onClose: () => void;
  /** Label of the close button (translated by the caller). */
  closeLabel: string;
  /**
   * When false, neither Escape nor a click on the backdrop closes the modal (spec §2: the
   * signup modal while signup is in progress).
   */
  dismissible?: boolean;
  children: ReactNode;
  footer?: ReactNode;
  /** A class of its own besides "modal" (the full-screen 'It's a match', say). */
  className?: string;
  /** What gets focus when it opens, instead of the first control (the close button). */
  initialFocus?: RefObject<HTMLElement | null>;
};

/**
 * A modal on the native <dialog>: showModal() makes the rest of the page inert, so focus stays
 * inside; focus returns to the opener on close, also when the modal goes away open (its owner
 * stopped rendering it).
 */
export default function Modal({
  open,
  title,
  onClose,
  closeLabel,
  dismissible = true,
  children,
  footer,
  className,
  initialFocus,
}: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const opener = useRef<Element | null>(null);
  const shown = useRef(false);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      const show = () => {
        opener.current = document.activeElement;
        dialog.showModal();
        shown.current = true;
        const first = initialFocus?.current;
        first?.focus();
      };
      // The site's entry warning (spec §2) is a gate: a dialog that opens by itself behind it
      // waits until it is answered, rather than cover it.
      const gate = document.querySelector<HTMLDialogElement>("dialog#entry-warning[open]");
      if (!gate) {
        show();
        return;
      }
      gate.addEventListener("close", show, { once: true });
      return () => gate.removeEventListener("close", show);
    } else if (!open && dialog.open) {
      dialog.close();
      shown.current = false;
      returnFocus(opener.current);
    }
  }, [open, initialFocus]);

  // Unmounted while open: the dialog left the page with focus inside it.
  useEffect(
    () => () => {
      if (shown.current) queueMicrotask(() => returnFocus(opener.current));
    },
    [],
  );

  return (
    // A backdrop click is a pointer convenience; keyboards close with Escape (onCancel).
    // biome-ignore lint/a11y/useKeyWithClickEvents: see comment above
    <dialog
      ref={ref}
      className={className ? `modal ${className}` : "modal"}
      aria-labelledby={titleId}
      onCancel={(event) => {
        // Escape: close only when allowed.
        event.preventDefault();
        if (dismissible) onClose();
      }}
      onClick={(event) => {
        // A click on the dialog element itself is a click on the backdrop.
        if (dismissible && event.target === ref.current) onClose();
      }}
    >
      <div className="modal-content">
        <div className="modal-header">
          <h2 id={titleId} className="modal-title">
            {title}
          </h2>
          {dismissible ? (
            <button type="button" className="btn btn-ghost btn-icon" onClick={onClose}>
              <span aria-hidden="true">×</span>
              <span className="visually-hidden">{closeLabel}</span>
            </button>
          ) : null}
        </div>
        <div className="modal-body">{children}</div>
        {footer ? <div className="modal-footer">{footer}</div> : null}
      </div>
    </dialog>
  );
}

/** The usual modal footer: a cancel button, then the dialog's own action (a button or link). */
export function ModalActions({
  cancelLabel,
  onCancel,
  children,
}: {
  cancelLabel: string;
  onCancel: () => void;
  children: ReactNode;
}) {
  return (
    <>
      <button type="button" className="btn btn-ghost" onClick={onCancel}>
        {cancelLabel}
      </button>
      {children}
    </>
  );
}
