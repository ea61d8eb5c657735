import { useEffect, useState } from 'react';
import { captureInstallPrompt, takeInstallPrompt, useInstallPrompt } from '../install-prompt';
import { installDismissedRecently, isStandalone, recordInstallDismissal } from '../pwa-rules';
import '../pwa.css';

const localStore = (): Storage | null => {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
};

const STANDALONE_QUERY = '(display-mode: standalone)';

/** Whether the app runs installed; follows the display mode when it changes. */
const useStandalone = (): boolean => {
  const [standalone, setStandalone] = useState(() => isStandalone(window));
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const query = window.matchMedia(STANDALONE_QUERY);
    const onChange = () => setStandalone(isStandalone(window));
    query.addEventListener?.('change', onChange);
    return () => query.removeEventListener?.('change', onChange);
  }, []);
  return standalone;
};

/**
 * The install banner (SPEC section 4): hidden when the app already runs installed; shown when the
 * browser offers installing, unless 'Later' or the close button was used in the last 7 days.
 */
export function InstallBanner() {
  useEffect(() => captureInstallPrompt(), []);
  const offer = useInstallPrompt();
  const standalone = useStandalone();
  const [dismissed, setDismissed] = useState(false);

  if (!offer || standalone || dismissed || installDismissedRecently(localStore(), Date.now())) return null;

  const install = async () => {
    const event = takeInstallPrompt();
    if (!event) return;
    try {
      await event.prompt();
      await event.userChoice;
    } catch {
      // The browser refused to prompt (already used, or not allowed now): nothing to do.
    }
  };

  const later = () => {
    recordInstallDismissal(localStore(), Date.now());
    setDismissed(true);
  };

  return (
    <section className="install-banner" aria-label="Install Nivesh">
      <img className="install-banner-icon" src="/icons/icon-192.png" alt="" width={44} height={44} />
      <div className="install-banner-text">
        <p className="install-banner-title">Install Nivesh</p>
        <p className="install-banner-body">Open it from your home screen or desktop, in its own window.</p>
      </div>
      <div className="install-banner-actions">
        <button type="button" className="install-banner-install" onClick={() => void install()}>
          Install
        </button>
        <button type="button" onClick={later}>
          Later
        </button>
      </div>
      <button type="button" className="install-banner-close" aria-label="Close install banner" onClick={later}>
        <span aria-hidden="true">×</span>
      </button>
    </section>
  );
}
