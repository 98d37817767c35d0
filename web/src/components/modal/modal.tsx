import { type KeyboardEvent as ReactKeyboardEvent, type ReactNode, useEffect, useId, useRef } from "react";
import { useTranslation } from "react-i18next";

export interface ModalProps {
  title: ReactNode;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), iframe, [tabindex]:not([tabindex="-1"])';

/** What Tab can reach inside the dialog, in order (hidden parts left out). */
const focusablesIn = (dialog: HTMLElement) =>
  [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((element) => !element.closest("[hidden], [inert]"));

/**
 * A dialog over the page; Escape and the close button both call `onClose`. Keyboard users stay inside
 * it: it takes the focus when it opens (its first field or button, unless a field asked for it), Tab and
 * Shift+Tab cycle within it, and closing gives the focus back to what had it before (the button that
 * opened it), when that is still on the page.
 */
export const Modal = ({ title, onClose, children, footer }: ModalProps) => {
  const { t } = useTranslation();
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") onClose();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [onClose]);
  useEffect(() => {
    const dialog = dialogRef.current;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (dialog && !dialog.contains(document.activeElement)) {
      const inside = focusablesIn(dialog);
      // The close button comes first in the header; the dialog's own content is the better start.
      (inside.find((element) => !element.classList.contains("modal-close")) ?? inside[0] ?? dialog).focus();
    }
    return () => {
      if (opener?.isConnected && opener !== document.body) opener.focus();
    };
  }, []);
  const keepFocusInside = (event: ReactKeyboardEvent) => {
    const dialog = dialogRef.current;
    if (event.key !== "Tab" || !dialog) return;
    const inside = focusablesIn(dialog);
    const first = inside[0];
    const last = inside[inside.length - 1];
    if (!first || !last) {
      event.preventDefault();
      return;
    }
    if (event.shiftKey && (document.activeElement === first || document.activeElement === dialog)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };
  return (
    <div className="modal-backdrop">
      <div
        ref={dialogRef}
        className="modal"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        onKeyDown={keepFocusInside}
      >
        <div className="modal-header">
          <h2 id={titleId}>{title}</h2>
          <button type="button" className="modal-close" aria-label={t("global.close")} onClick={onClose}>
            ×
          </button>
        </div>
        <div className="modal-body">{children}</div>
        {footer && <div className="modal-footer">{footer}</div>}
      </div>
    </div>
  );
};
