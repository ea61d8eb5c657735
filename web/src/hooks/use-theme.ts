import { useCallback, useEffect, useState } from 'react';
import type { Theme } from '../lib/theme';
import { DARK_MEDIA_QUERY, applyTheme, readStoredTheme, saveTheme, systemTheme } from '../lib/theme';

/** The theme in effect and a toggle that stores the user's choice. */
export const useTheme = () => {
  const [choice, setChoice] = useState<Theme | null>(readStoredTheme);
  const [system, setSystem] = useState<Theme>(systemTheme);

  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const media = window.matchMedia(DARK_MEDIA_QUERY);
    const onChange = () => setSystem(media.matches ? 'dark' : 'light');
    media.addEventListener('change', onChange);
    return () => media.removeEventListener('change', onChange);
  }, []);

  useEffect(() => applyTheme(choice), [choice]);

  const theme = choice ?? system;
  const toggle = useCallback(() => {
    const next: Theme = theme === 'dark' ? 'light' : 'dark';
    saveTheme(next);
    setChoice(next);
  }, [theme]);

  return { theme, toggle };
};
