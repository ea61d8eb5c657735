import { createContext, useContext } from 'react';

/** The two views the login/registration dialog can open on. */
export type AuthDialogView = 'signin' | 'register';

export type AuthDialogControls = {
  /** Opens the login/registration dialog (the layout's "active dropdown"). */
  open: (view?: AuthDialogView) => void;
  close: () => void;
};

export const AuthDialogContext = createContext<AuthDialogControls | null>(null);

/** Lets any page or widget open the login dialog, e.g. a locked sidebar entry. */
export const useAuthDialog = (): AuthDialogControls => {
  const controls = useContext(AuthDialogContext);
  if (!controls) throw new Error('useAuthDialog must be used inside the app layout.');
  return controls;
};
