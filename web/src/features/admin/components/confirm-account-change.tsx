import * as Dialog from '@radix-ui/react-dialog';
import type { AdminUser, AdminUserChangeResponse } from '@nivesh/proto';
import { useSetAccountStatus } from '../api/set-account-status';
import { useSetAdminRole } from '../api/set-admin-role';
import { failureReason } from '../format';
import { ADMIN_TEXTS, type AccountAction } from '../texts';
import '../../../components/widgets/widgets.css';
import './accounts.css';

export type PendingChange = { user: AdminUser; action: AccountAction };

type ConfirmProps = {
  change: PendingChange;
  onCancel: () => void;
  /** The server's answer; its message is shown beside the table. */
  onDone: (answer: AdminUserChangeResponse) => void;
};

const TEXTS = ADMIN_TEXTS.confirm;
const isRoleChange = (action: AccountAction) => action === 'grant_admin' || action === 'revoke_admin';

/**
 * Asks before changing an account: names the account and what will happen. The dialog stays while the change is
 * saved, and shows the server's sentence when it is refused.
 */
export function ConfirmAccountChange({ change, onCancel, onDone }: ConfirmProps) {
  const role = useSetAdminRole();
  const status = useSetAccountStatus();
  const { user, action } = change;
  const mutation = isRoleChange(action) ? role : status;
  const busy = mutation.isPending;

  const confirm = () => {
    const options = { onSuccess: onDone };
    if (isRoleChange(action)) role.mutate({ user_id: user.user_id, is_admin: action === 'grant_admin' }, options);
    else status.mutate({ user_id: user.user_id, disabled: action === 'disable' }, options);
  };

  return (
    <Dialog.Root open onOpenChange={(open) => !open && !busy && onCancel()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog-card account-change">
          <Dialog.Title className="dialog-title">{TEXTS.title(action, user.username)}</Dialog.Title>
          <Dialog.Description>{TEXTS.body(action, user)}</Dialog.Description>
          {mutation.isError ? (
            <p className="form-error" role="alert">
              {TEXTS.failed(failureReason(mutation.error))}
            </p>
          ) : null}
          <div className="dialog-actions">
            <button type="button" className="secondary" onClick={onCancel} disabled={busy}>
              {TEXTS.cancel}
            </button>
            <button type="button" className={action === 'disable' || action === 'revoke_admin' ? 'danger' : 'primary'} onClick={confirm} disabled={busy}>
              {busy ? TEXTS.working : TEXTS.yes(action)}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
