import { useEffect, useRef } from 'react';
import type { RefObject } from 'react';

const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

const focusablesIn = (container: HTMLElement): HTMLElement[] =>
  Array.from(container.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((element) => !element.closest('[inert]'));

type ModalDialogOptions = {
  /** Escape was pressed; the dialog decides whether it may close. */
  onEscape: () => void;
};

/**
 * Keyboard behaviour of a modal dialog: Tab and Shift+Tab stay inside it, Escape asks to close,
 * the page behind cannot scroll, and focus returns where it was when the dialog goes away.
 * (The page behind is made `inert` by whoever renders the dialog.)
 */
export const useModalDialog = (ref: RefObject<HTMLElement | null>, { onEscape }: ModalDialogOptions) => {
  const onEscapeRef = useRef(onEscape);
  // Read while rendering, before the dialog's autofocus moves focus inside it.
  const previousRef = useRef<Element | null>(typeof document === 'undefined' ? null : document.activeElement);
  useEffect(() => {
    onEscapeRef.current = onEscape;
  }, [onEscape]);

  useEffect(() => {
    const previous = previousRef.current instanceof HTMLElement ? previousRef.current : null;
    const root = document.documentElement;
    root.classList.add('modal-open');
    const container = ref.current;
    if (container && !container.contains(document.activeElement)) {
      (focusablesIn(container).find((element) => element.tagName === 'INPUT') ?? container).focus();
    }

    const onKeyDown = (event: KeyboardEvent) => {
      const dialog = ref.current;
      if (!dialog) return;
      if (event.key === 'Escape') {
        event.preventDefault();
        onEscapeRef.current();
        return;
      }
      if (event.key !== 'Tab') return;
      const focusables = focusablesIn(dialog);
      if (focusables.length === 0) {
        event.preventDefault();
        dialog.focus();
        return;
      }
      const first = focusables[0];
      const last = focusables[focusables.length - 1];
      const active = document.activeElement;
      const inside = active instanceof Node && dialog.contains(active);
      if (event.shiftKey && (!inside || active === first || active === dialog)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (!inside || active === last)) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      root.classList.remove('modal-open');
      if (previous?.isConnected) previous.focus();
    };
  }, [ref]);
};
