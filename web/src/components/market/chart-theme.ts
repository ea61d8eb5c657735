import { useMemo, useSyncExternalStore } from 'react';
import type { Theme } from '../../lib/theme';
import { DARK_MEDIA_QUERY, systemTheme } from '../../lib/theme';

/** Colours a canvas chart needs; canvases cannot read CSS variables, so they are resolved here. */
export type ChartColors = {
  background: string;
  text: string;
  muted: string;
  grid: string;
  border: string;
  up: string;
  down: string;
  volumeUp: string;
  volumeDown: string;
  sma20: string;
  sma50: string;
  ema20: string;
  bollinger: string;
  vwap: string;
  line: string;
  line2: string;
  accent: string;
};

/** Used where the stylesheet is not loaded (tests); the same values as styles/tokens.css and market.css. */
const FALLBACK: Record<Theme, Omit<ChartColors, 'volumeUp' | 'volumeDown'>> = {
  light: {
    background: '#ffffff',
    text: '#17201b',
    muted: '#56625b',
    grid: '#eff3f0',
    border: '#dde3de',
    up: '#1f6f4a',
    down: '#a33a2b',
    sma20: '#2563eb',
    sma50: '#c2410c',
    ema20: '#7c3aed',
    bollinger: '#0f766e',
    vwap: '#a16207',
    line: '#2563eb',
    line2: '#c2410c',
    accent: '#1f6f4a',
  },
  dark: {
    background: '#171d1a',
    text: '#e4ebe6',
    muted: '#9aa69e',
    grid: '#1e2622',
    border: '#2b3530',
    up: '#6cc59a',
    down: '#f08d7e',
    sma20: '#60a5fa',
    sma50: '#fb923c',
    ema20: '#c4b5fd',
    bollinger: '#5eead4',
    vwap: '#facc15',
    line: '#60a5fa',
    line2: '#fb923c',
    accent: '#6cc59a',
  },
};

/** `#rrggbb` with an alpha channel; other colour forms are returned as they are. */
export const withAlpha = (color: string, alpha: number): string => {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(color);
  if (!match) return color;
  const [r, g, b] = match.slice(1).map((hex) => Number.parseInt(hex, 16));
  return `rgba(${r}, ${g}, ${b}, ${alpha})`;
};

/** The theme in effect: the user's choice on <html data-theme>, else the system's. */
const resolvedTheme = (): Theme => {
  const chosen = document.documentElement.dataset.theme;
  return chosen === 'dark' || chosen === 'light' ? chosen : systemTheme();
};

const subscribe = (onChange: () => void) => {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
  const media = typeof window.matchMedia === 'function' ? window.matchMedia(DARK_MEDIA_QUERY) : null;
  media?.addEventListener('change', onChange);
  return () => {
    observer.disconnect();
    media?.removeEventListener('change', onChange);
  };
};

/** The chart colours of a theme, read from the stylesheet's variables (styles/tokens.css and market.css). */
export const readChartColors = (theme: Theme): ChartColors => {
  const style = getComputedStyle(document.documentElement);
  const fallback = FALLBACK[theme];
  const read = (name: string, value: string) => style.getPropertyValue(name).trim() || value;
  const up = read('--ok', fallback.up);
  const down = read('--bad', fallback.down);
  return {
    background: read('--surface', fallback.background),
    text: read('--text', fallback.text),
    muted: read('--muted', fallback.muted),
    grid: read('--surface-2', fallback.grid),
    border: read('--border', fallback.border),
    up,
    down,
    volumeUp: withAlpha(up, 0.35),
    volumeDown: withAlpha(down, 0.35),
    sma20: read('--chart-sma20', fallback.sma20),
    sma50: read('--chart-sma50', fallback.sma50),
    ema20: read('--chart-ema20', fallback.ema20),
    bollinger: read('--chart-bollinger', fallback.bollinger),
    vwap: read('--chart-vwap', fallback.vwap),
    line: read('--chart-line', fallback.line),
    line2: read('--chart-line-2', fallback.line2),
    accent: read('--accent', fallback.accent),
  };
};

/** Chart colours that follow the theme toggle and the system preference as they change. */
export const useChartColors = (): ChartColors => {
  const theme = useSyncExternalStore(subscribe, resolvedTheme, () => 'light' as const);
  return useMemo(() => readChartColors(theme), [theme]);
};
