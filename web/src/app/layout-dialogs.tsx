import { Suspense, lazy } from 'react';
import { PageLoading } from '../components/page-loading';
import type { AuthDialogView } from '../hooks/use-auth-dialog';
import type { PremiumConflict } from '../lib/premium-status';
import type { LayoutDialog } from './hooks/use-layout-dialogs';

// Dialogs load on first open: most visits never open them, and they bring Radix and long texts along.
const AuthModal = lazy(() => import('../features/auth/components/auth-modal').then((m) => ({ default: m.AuthModal })));
const HelpGuidePanel = lazy(() => import('../features/help/components/help-guide-panel').then((m) => ({ default: m.HelpGuidePanel })));
const ContactDialog = lazy(() => import('../features/support/components/contact-dialog').then((m) => ({ default: m.ContactDialog })));
const PremiumPreviewModal = lazy(() =>
  import('../features/premium/components/premium-preview-modal').then((m) => ({ default: m.PremiumPreviewModal })),
);
const DeviceConflictNotice = lazy(() =>
  import('../features/premium/components/device-conflict').then((m) => ({ default: m.DeviceConflictNotice })),
);

type LayoutDialogsProps = { help: LayoutDialog; contact: LayoutDialog; premium: LayoutDialog };

/** The help guide, contact and premium preview dialogs, each loaded and mounted on its first opening. */
export function LayoutDialogs({ help, contact, premium }: LayoutDialogsProps) {
  return (
    <>
      {help.mounted ? (
        <Suspense fallback={null}>
          <HelpGuidePanel open={help.open} onOpenChange={help.setOpen} />
        </Suspense>
      ) : null}
      {contact.mounted ? (
        <Suspense fallback={null}>
          <ContactDialog open={contact.open} onOpenChange={contact.setOpen} />
        </Suspense>
      ) : null}
      {premium.mounted ? (
        <Suspense fallback={null}>
          <PremiumPreviewModal open={premium.open} onOpenChange={premium.setOpen} />
        </Suspense>
      ) : null}
    </>
  );
}

type LayoutAuthDialogProps = {
  view: AuthDialogView | null;
  onClose: () => void;
  onLoggedIn: (target: string) => void;
};

/** The login screen on `view`, loaded on first use with a loading panel meanwhile; nothing while `view` is null. */
export function LayoutAuthDialog({ view, onClose, onLoggedIn }: LayoutAuthDialogProps) {
  if (!view) return null;
  return (
    <Suspense
      fallback={
        <div className="auth-modal auth-modal-loading">
          <PageLoading page="sign in" />
        </div>
      }
    >
      <AuthModal key={view} initialView={view} onClose={onClose} onLoggedIn={onLoggedIn} />
    </Suspense>
  );
}

type LayoutDeviceConflictProps = { conflict: PremiumConflict | null; onDismiss: () => void };

/** The device conflict banner above the page (section 4), loaded when a conflict first shows; nothing without one. */
export function LayoutDeviceConflict({ conflict, onDismiss }: LayoutDeviceConflictProps) {
  if (!conflict) return null;
  return (
    <div className="layout-banner">
      <Suspense fallback={null}>
        <DeviceConflictNotice conflict={conflict} onDismiss={onDismiss} />
      </Suspense>
    </div>
  );
}
