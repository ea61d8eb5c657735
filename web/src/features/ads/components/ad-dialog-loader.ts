import type { AdDialog } from './ad-dialog';

type AdDialogComponent = typeof AdDialog;

let loaded: AdDialogComponent | null = null;

/** The ad dialog if its chunk has loaded, else null. */
export const loadedAdDialog = (): AdDialogComponent | null => loaded;

/** Loads the ad dialog (and Radix Dialog with it) apart from the JavaScript of the first page. */
export const loadAdDialog = async (): Promise<AdDialogComponent> => {
  loaded ??= (await import('./ad-dialog')).AdDialog;
  return loaded;
};
