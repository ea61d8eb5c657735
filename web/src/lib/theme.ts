/** Light and dark: the system's preference unless the user picked one (kept under our own key). */

export type Theme = 'light' | 'dark';

export const THEME_KEY = 'nivesh.theme';
export const DARK_MEDIA_QUERY = '(prefers-color-scheme: dark)';

const storage = (): Storage | null => {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
};

/** The user's own choice, or null to follow the system. */
export const readStoredTheme = (): Theme | null => {
  const value = storage()?.getItem(THEME_KEY);
  return value === 'light' || value === 'dark' ? value : null;
};

export const systemTheme = (): Theme =>
  typeof window.matchMedia === 'function' && window.matchMedia(DARK_MEDIA_QUERY).matches ? 'dark' : 'light';

/** Marks <html> with the chosen theme; without a choice the stylesheet follows prefers-color-scheme. */
export const applyTheme = (choice: Theme | null) => {
  const root = document.documentElement;
  if (choice) root.dataset.theme = choice;
  else delete root.dataset.theme;
};

export const saveTheme = (theme: Theme) => {
  try {
    storage()?.setItem(THEME_KEY, theme);
  } catch {
    // Not remembered; it still applies to this page.
  }
};

/** The toggle's accessible name: what pressing it will do. */
export const themeToggleLabel = (current: Theme): string =>
  current === 'dark' ? 'Switch to light theme' : 'Switch to dark theme';
