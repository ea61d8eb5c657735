import type { TradebookImportResponse } from '@nivesh/proto';
import { useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { ApiError } from '../../../lib/api-client';
import { useImportTradebook } from '../api/import-tradebook';
import { PORTFOLIO_TEXTS, importResult, skippedLine } from '../texts';
import { TRADEBOOK_MAX_CHARS } from '@nivesh/proto/values';

/** A character takes at most 4 bytes in UTF-8: a file larger than this cannot fit, so it is refused unread. */
const MAX_FILE_BYTES = TRADEBOOK_MAX_CHARS * 4;

/** Why the file cannot be sent, checked in the browser before sending; null when it can. */
const localRefusal = (text: string): string | null => {
  if (text.trim() === '') return PORTFOLIO_TEXTS.emptyFile;
  if (text.length > TRADEBOOK_MAX_CHARS) return PORTFOLIO_TEXTS.tooLarge;
  return null;
};

/**
 * The server's sentence as it is. A refusal (4xx: a malformed row, a file of no known broker) keeps nothing of the
 * file, so that is said first; a failure without an answer says only what happened.
 */
const failureOf = (error: Error): { lead: string | null; detail: string } =>
  error instanceof ApiError && error.kind === 'http' && error.status >= 400 && error.status < 500
    ? { lead: PORTFOLIO_TEXTS.notImported, detail: error.message }
    : { lead: null, detail: error.message };

/** What an import did, and each skipped row with its reason, folded away. */
function ImportOutcome({ result }: { result: TradebookImportResponse }) {
  return (
    <div className="import-result" role="status" data-testid="import-result">
      <p>{importResult(result)}</p>
      {result.skipped.length ? (
        <details className="import-skipped">
          <summary>{PORTFOLIO_TEXTS.skippedSummary}</summary>
          <ul>
            {/* Keyed by position: every record of a one-line JSON file is on line 1. */}
            {result.skipped.map((row, index) => (
              <li key={index}>{skippedLine(row.line, row.reason)}</li>
            ))}
          </ul>
        </details>
      ) : null}
    </div>
  );
}

/**
 * A broker's trade-book file, read in the browser and sent as text: which brokers, how to download their file, and
 * what the import did (or the server's reason it refused the file).
 */
export function ImportPanel() {
  const headingId = useId();
  const inputId = useId();
  const errorId = useId();
  const file = useRef<HTMLInputElement>(null);
  // A new key empties the file input after a successful import.
  const [inputKey, setInputKey] = useState(0);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [reading, setReading] = useState(false);
  const mutation = useImportTradebook();
  const busy = reading || mutation.isPending;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setRefusal(null);
    mutation.reset();
    const chosen = file.current?.files?.[0];
    if (!chosen) return setRefusal(PORTFOLIO_TEXTS.chooseFile);
    if (chosen.size > MAX_FILE_BYTES) return setRefusal(PORTFOLIO_TEXTS.tooLarge);
    setReading(true);
    let text: string;
    try {
      text = await chosen.text();
    } catch {
      return setRefusal(PORTFOLIO_TEXTS.unreadable);
    } finally {
      setReading(false);
    }
    const refused = localRefusal(text);
    if (refused) return setRefusal(refused);
    mutation.mutate(text, { onSuccess: () => setInputKey((key) => key + 1) });
  };

  const failure = mutation.error ? failureOf(mutation.error) : null;
  const shownError = refusal ?? failure;

  return (
    <section className="panel import-panel" id="import" aria-labelledby={headingId}>
      <h2 id={headingId}>{PORTFOLIO_TEXTS.importTitle}</h2>
      <p>{PORTFOLIO_TEXTS.importLead}</p>
      <ul className="broker-list">
        {PORTFOLIO_TEXTS.brokers.map((broker) => (
          <li key={broker.name}>
            <strong>{broker.name}</strong>: {broker.how}
          </li>
        ))}
      </ul>
      <p className="muted">{PORTFOLIO_TEXTS.importRules}</p>
      <form className="import-form" onSubmit={(event) => void onSubmit(event)} noValidate>
        <div className="field">
          <label htmlFor={inputId}>{PORTFOLIO_TEXTS.importFile}</label>
          <input
            key={inputKey}
            ref={file}
            id={inputId}
            type="file"
            accept=".csv,text/csv,.json,application/json"
            onChange={() => setRefusal(null)}
            aria-invalid={shownError ? true : undefined}
            aria-describedby={shownError ? errorId : undefined}
          />
        </div>
        <button type="submit" className="primary" disabled={busy}>
          {busy ? PORTFOLIO_TEXTS.importing : PORTFOLIO_TEXTS.importButton}
        </button>
      </form>
      {refusal ? (
        <p id={errorId} className="form-error" role="alert">
          {refusal}
        </p>
      ) : failure ? (
        <div id={errorId} className="form-error" role="alert" data-testid="import-error">
          {failure.lead ? <p className="import-error-lead">{failure.lead}</p> : null}
          <p className="import-error-detail">{failure.detail}</p>
        </div>
      ) : null}
      {mutation.data ? <ImportOutcome result={mutation.data} /> : null}
    </section>
  );
}
