import { createContext, useContext } from 'react';

/** What pages may ask of the app shell without importing another feature. */
export type LayoutActions = {
  openContactDialog: () => void;
  openHelpGuide: () => void;
  openPremiumPreview: () => void;
};

export const LayoutActionsContext = createContext<LayoutActions | null>(null);

export const useLayoutActions = (): LayoutActions => {
  const actions = useContext(LayoutActionsContext);
  if (!actions) throw new Error('useLayoutActions must be used inside the app layout.');
  return actions;
};
