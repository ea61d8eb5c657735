import { useState } from 'react';

/** True from a dialog's first opening on, so it stays mounted and can animate closed. */
export const useOpenedOnce = (open: boolean): boolean => {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
};
