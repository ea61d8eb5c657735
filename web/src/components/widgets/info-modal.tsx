import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { WIDGET_TEXTS } from './texts';
import './widgets.css';

export type InfoModalType = 'info' | 'contact' | 'payment';

type InfoModalProps = {
  /** Sets the icon and the accent colour. */
  type: InfoModalType;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  children: ReactNode;
};

function InfoModalIcon({ type }: { type: InfoModalType }) {
  const common = {
    viewBox: '0 0 24 24',
    width: 24,
    height: 24,
    fill: 'none',
    stroke: 'currentColor',
    strokeWidth: 2,
    strokeLinecap: 'round' as const,
    strokeLinejoin: 'round' as const,
  };
  if (type === 'contact') {
    return (
      <svg {...common}>
        <rect x="3" y="5" width="18" height="14" rx="2" />
        <path d="m3 7 9 6 9-6" />
      </svg>
    );
  }
  if (type === 'payment') {
    return (
      <svg {...common}>
        <rect x="2" y="5" width="20" height="14" rx="2" />
        <path d="M2 10h20M6 15h4" />
      </svg>
    );
  }
  return (
    <svg {...common}>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 11v5M12 7.5v.01" />
    </svg>
  );
}

/** A small modal for information, contact details or payment notes, closed with 'Got it!' (or Escape). */
export function InfoModal({ type, open, onOpenChange, title, children }: InfoModalProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className={`dialog-card info-modal info-modal-${type}`} data-type={type}>
          <div className="info-modal-head">
            <span className="info-modal-icon" aria-hidden="true">
              <InfoModalIcon type={type} />
            </span>
            <Dialog.Title className="dialog-title">{title}</Dialog.Title>
          </div>
          <Dialog.Description asChild>
            <div className="info-modal-body">{children}</div>
          </Dialog.Description>
          <div className="dialog-actions">
            <Dialog.Close asChild>
              <button type="button" className="primary">
                {WIDGET_TEXTS.gotIt}
              </button>
            </Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
