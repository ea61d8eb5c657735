import { reloadPage } from './reload-page';
import { WIDGET_TEXTS } from './texts';
import './widgets.css';

/** The reasons the specification gives for the news paper failing to load (section 2). */
export const ERROR_SCREEN_REASONS = ['The backend is not running', 'Network issues', 'Data loading problems'] as const;

/** The generic error screen: 'Something went wrong', why the news paper may have failed, and 'Reload Page'. */
export function ErrorScreen() {
  return (
    <section className="error-screen" role="alert" aria-labelledby="error-screen-title">
      <div className="error-screen-card">
        <span className="error-screen-icon" aria-hidden="true">
          <svg viewBox="0 0 24 24" width="28" height="28" fill="none" stroke="currentColor" strokeWidth="2">
            <path d="M12 3 2 20h20L12 3Z" strokeLinejoin="round" />
            <path d="M12 10v4M12 17.5v.01" strokeLinecap="round" />
          </svg>
        </span>
        <h1 id="error-screen-title">{WIDGET_TEXTS.errorTitle}</h1>
        <p className="error-screen-lead">The news paper failed to load. This usually happens because of one of these:</p>
        <ul className="error-screen-reasons">
          {ERROR_SCREEN_REASONS.map((reason) => (
            <li key={reason}>{reason}</li>
          ))}
        </ul>
        <p className="muted">Check your connection, then reload the page. If it keeps happening, please contact support.</p>
        <button type="button" className="primary" onClick={() => reloadPage()}>
          {WIDGET_TEXTS.reloadPage}
        </button>
      </div>
    </section>
  );
}
