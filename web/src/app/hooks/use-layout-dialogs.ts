import { useMemo, useState } from 'react';
import type { LayoutActions } from '../../hooks/use-layout-actions';
import { useOpenedOnce } from '../../hooks/use-opened-once';

/** One of the shell's dialogs: whether it is open, and whether it has ever been (so it stays mounted). */
export type LayoutDialog = { open: boolean; mounted: boolean; setOpen: (open: boolean) => void };

const useLayoutDialog = (): LayoutDialog => {
  const [open, setOpen] = useState(false);
  const mounted = useOpenedOnce(open);
  return { open, mounted, setOpen };
};

/** The help guide, contact and premium preview dialogs, and the actions that let pages open them. */
export const useLayoutDialogs = () => {
  const help = useLayoutDialog();
  const contact = useLayoutDialog();
  const premium = useLayoutDialog();
  const actions = useMemo<LayoutActions>(
    () => ({
      openContactDialog: () => contact.setOpen(true),
      openHelpGuide: () => help.setOpen(true),
      openPremiumPreview: () => premium.setOpen(true),
    }),
    [contact.setOpen, help.setOpen, premium.setOpen],
  );
  return { help, contact, premium, actions };
};
