// Draws the app icons: public/favicon.svg and the PNGs of the web app manifest (192, 512, maskable 512,
// apple-touch-icon 180), rendered from the same SVG by headless Chromium (Debian's, through Playwright).
// Run again after changing the drawing: `node scripts/make-icons.mjs` (from web/).
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const PUBLIC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../public');
const ACCENT = '#1f6f4a';
const ACCENT_LIGHT = '#2f9266';

/**
 * An "N" drawn as a rising price line on the brand green. `bleed` fills the whole square (maskable and
 * Apple icons, which the platform crops itself); `scale` shrinks the mark into the maskable safe zone.
 */
const icon = ({ bleed = false, scale = 1 } = {}) => {
  const offset = (50 * (1 - scale)).toFixed(2);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">
  <defs>
    <linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${ACCENT_LIGHT}"/>
      <stop offset="1" stop-color="${ACCENT}"/>
    </linearGradient>
  </defs>
  <rect width="100" height="100" rx="${bleed ? 0 : 22}" fill="url(#g)"/>
  <g transform="translate(${offset} ${offset}) scale(${scale})">
    <path d="M22 76 H78" stroke="#ffffff" stroke-opacity="0.28" stroke-width="3" stroke-linecap="round"/>
    <path d="M29 66 V34 L71 64 V32" fill="none" stroke="#ffffff" stroke-width="10" stroke-linecap="round" stroke-linejoin="round"/>
    <circle cx="71" cy="32" r="8" fill="#ffd166" stroke="${ACCENT}" stroke-width="2.5"/>
  </g>
</svg>
`;
};

const outputs = [
  { file: 'icons/icon-192.png', size: 192, svg: icon() },
  { file: 'icons/icon-512.png', size: 512, svg: icon() },
  { file: 'icons/maskable-512.png', size: 512, svg: icon({ bleed: true, scale: 0.8 }) },
  { file: 'icons/apple-touch-icon.png', size: 180, svg: icon({ bleed: true, scale: 0.86 }) },
];

mkdirSync(path.join(PUBLIC, 'icons'), { recursive: true });
writeFileSync(path.join(PUBLIC, 'favicon.svg'), icon());

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  const page = await browser.newPage({ deviceScaleFactor: 1 });
  for (const { file, size, svg } of outputs) {
    await page.setViewportSize({ width: size, height: size });
    await page.setContent(`<!doctype html><html><body style="margin:0;background:transparent">${svg.replace('<svg ', `<svg width="${size}" height="${size}" style="display:block" `)}</body></html>`);
    const png = await page.screenshot({ omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } });
    writeFileSync(path.join(PUBLIC, file), png);
    console.log(`wrote public/${file} (${size}x${size}, ${png.length} bytes)`);
  }
} finally {
  await browser.close();
}
