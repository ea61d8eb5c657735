import type { ModelBacktest } from '@nivesh/proto';
import { useId } from 'react';
import { ScrollTable } from '../../../components/scroll-table';
import { MODEL_COMPARISON_TEXTS as TEXTS, daysLabel, formatErrorFigure, formatShare } from '../texts';

/** The horizons the comparison reports each error figure at, in its column order. */
const HORIZONS = [
  { key: 'h1', days: 1 },
  { key: 'h5', days: 5 },
  { key: 'h10', days: 10 },
  { key: 'h30', days: 30 },
] as const satisfies ReadonlyArray<{ key: keyof ModelBacktest['mase']; days: number }>;

/** The error figures side by side, each under its own name. */
const FIGURES = [
  { key: 'relative_mae', title: TEXTS.relativeMae },
  { key: 'mase', title: TEXTS.mase },
] as const;

function ErrorFigure({ value }: { value: number | undefined }) {
  if (value === undefined) {
    return (
      <>
        <span aria-hidden="true">–</span>
        <span className="visually-hidden">{TEXTS.notMeasured}</span>
      </>
    );
  }
  return <>{formatErrorFigure(value)}</>;
}

/** Naive is the yardstick itself, so whether it beat itself is no question. */
const beatNaive = (row: ModelBacktest) => (row.model === 'naive' ? TEXTS.baseline : row.beat_naive_on_validation ? TEXTS.yes : TEXTS.no);

/**
 * 'Every model, side by side' (premium answers): each model's walk-forward back-test on the same test days as the
 * served forecast, naive first, with the served one marked 'Shown above'.
 */
export function ModelComparison({ models }: { models: readonly ModelBacktest[] }) {
  const headingId = useId();
  return (
    <section className="panel model-comparison" aria-labelledby={headingId} data-testid="model-comparison">
      <h2 id={headingId}>{TEXTS.title}</h2>
      <p>{TEXTS.lead}</p>
      <p className="muted model-comparison-legend">{TEXTS.legend}</p>
      <ScrollTable label="Model comparison table">
        <table className="data-table model-comparison-table">
          <caption className="visually-hidden">{TEXTS.caption}</caption>
          <thead>
            <tr>
              <th scope="col" rowSpan={2}>
                {TEXTS.model}
              </th>
              {FIGURES.map(({ key, title }) => (
                <th key={key} scope="colgroup" colSpan={HORIZONS.length} className="model-comparison-group">
                  {title}
                </th>
              ))}
              <th scope="col" rowSpan={2}>
                {TEXTS.band80}
              </th>
              <th scope="col" rowSpan={2}>
                {TEXTS.band95}
              </th>
              <th scope="col" rowSpan={2} className="text">
                {TEXTS.beatNaive}
              </th>
            </tr>
            <tr>
              {FIGURES.flatMap((figure) =>
                HORIZONS.map(({ key, days }) => (
                  <th key={`${figure.key}-${key}`} scope="col">
                    {daysLabel(days)}
                  </th>
                )),
              )}
            </tr>
          </thead>
          <tbody>
            {models.map((row) => (
              <tr key={row.model} className={row.served ? 'is-served' : undefined}>
                <th scope="row">
                  {row.model_name}
                  {row.served ? (
                    <>
                      {' '}
                      <span className="model-served-mark">{TEXTS.served}</span>
                    </>
                  ) : null}
                </th>
                {FIGURES.flatMap((figure) =>
                  HORIZONS.map(({ key }) => (
                    <td key={`${figure.key}-${key}`}>
                      <ErrorFigure value={row[figure.key][key]} />
                    </td>
                  )),
                )}
                <td>{formatShare(row.coverage80)}</td>
                <td>{formatShare(row.coverage95)}</td>
                <td className="text">{beatNaive(row)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollTable>
    </section>
  );
}
