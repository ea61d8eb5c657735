import { setNonce } from 'get-nonce';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { Providers } from './app/providers';
import { AppRoutes } from './app/router';
import { startPwa } from './features/pwa/start-pwa';
import { afterNextPaint } from './lib/after-first-load';
import { holdContractsUntil } from './lib/contracts';
import { applyTheme, readStoredTheme } from './lib/theme';
import './app/app.css';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');

// Radix's scroll lock adds a <style> tag; under the CSP it needs this page's nonce, which Vite's
// <meta property="csp-nonce"> carries (read from the property: browsers hide the attribute).
const nonce = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.nonce;
if (nonce) setNonce(nonce);

// Before the first paint, so a stored dark choice never flashes light.
applyTheme(readStoredTheme());

// The first answers wait for their schemas until the page has painted (lib/contracts.ts).
holdContractsUntil(afterNextPaint());

createRoot(container).render(
  <StrictMode>
    <Providers>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </Providers>
  </StrictMode>,
);

startPwa();
