import * as Dialog from '@radix-ui/react-dialog';
import { PORTFOLIO_TEXTS } from '../texts';
import '../../../components/widgets/widgets.css';

type ConfirmDeleteDialogProps = {
  /** The dialog card's own class, for its width. */
  className: string;
  title: string;
  /** What will be deleted, in a sentence. */
  description: string;
  busy: boolean;
  /** The server's refusal, shown as it is; null while there is none. */
  error: string | null;
  onConfirm: () => void;
  onClose: () => void;
};

/** Asks before deleting; the dialog stays while it deletes (it cannot be closed then) and shows a refusal. */
export function ConfirmDeleteDialog({ className, title, description, busy, error, onConfirm, onClose }: ConfirmDeleteDialogProps) {
  return (
    <Dialog.Root open onOpenChange={(open) => !open && !busy && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className={`dialog-card ${className}`}>
          <Dialog.Title className="dialog-title">{title}</Dialog.Title>
          <Dialog.Description>{description}</Dialog.Description>
          {error !== null ? (
            <p className="form-error" role="alert">
              {PORTFOLIO_TEXTS.notDeleted} {error}
            </p>
          ) : null}
          <div className="dialog-actions">
            <button type="button" className="secondary" onClick={onClose} disabled={busy}>
              {PORTFOLIO_TEXTS.deleteCancel}
            </button>
            <button type="button" className="danger" onClick={onConfirm} disabled={busy}>
              {busy ? PORTFOLIO_TEXTS.deleting : PORTFOLIO_TEXTS.deleteConfirm}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
