import type { ValueBacktest } from '@nivesh/proto';
import { useId } from 'react';
import { QueryState } from '../../../components/market/query-state';
import { ScrollTable } from '../../../components/scroll-table';
import { NOT_A_NUMBER, formatIndianNumber, formatMarketDate, formatSignedPercent } from '../../../lib/format';
import { useValueBacktest } from '../api/get-backtest';
import { UNDERVALUED_TEXTS, quintileHeader, quintileName, yearsBeaten } from '../texts';

const QUINTILES = [1, 2, 3, 4, 5] as const;

const percent = (value: number | null | undefined) =>
  value === null || value === undefined ? NOT_A_NUMBER : formatSignedPercent(value, 1);

/** Each year's quintiles: formed on, ends on (marked when partial), stocks ranked, NIFTY 50's return and each quintile's. */
function YearsTable({ years }: { years: ValueBacktest['years'] }) {
  return (
    <ScrollTable label="Back-test years table">
      <table className="data-table backtest-years">
        <caption className="visually-hidden">{UNDERVALUED_TEXTS.yearsCaption}</caption>
        <thead>
          <tr>
            <th scope="col">{UNDERVALUED_TEXTS.formedOn}</th>
            <th scope="col" className="text">
              {UNDERVALUED_TEXTS.endsOn}
            </th>
            <th scope="col">{UNDERVALUED_TEXTS.stocks}</th>
            <th scope="col">{UNDERVALUED_TEXTS.nifty}</th>
            {QUINTILES.map((quintile) => (
              <th key={quintile} scope="col">
                {quintileHeader(quintile)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {years.map((year) => (
            <tr key={year.formed_on} data-partial={year.partial || undefined}>
              <th scope="row">
                <time dateTime={year.formed_on}>{formatMarketDate(year.formed_on)}</time>
              </th>
              <td className="text">
                <time dateTime={year.ends_on}>{formatMarketDate(year.ends_on)}</time>
                {year.partial ? <span className="partial-mark"> ({UNDERVALUED_TEXTS.partial})</span> : null}
              </td>
              <td>{formatIndianNumber(year.stocks, 0)}</td>
              <td>{percent(year.nifty_return_pct)}</td>
              {QUINTILES.map((quintile) => (
                <td key={quintile}>
                  {percent(year.quintiles.find((entry) => entry.quintile === quintile)?.return_pct)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollTable>
  );
}

/** Per quintile over the full years: mean return, mean over NIFTY 50, and in how many years it beat NIFTY 50. */
function SummaryTable({ summary }: { summary: ValueBacktest['summary'] }) {
  return (
    <ScrollTable label="Back-test summary table">
      <table className="data-table backtest-summary">
        <caption className="visually-hidden">{UNDERVALUED_TEXTS.summaryCaption}</caption>
        <thead>
          <tr>
            <th scope="col">{UNDERVALUED_TEXTS.quintile}</th>
            <th scope="col">{UNDERVALUED_TEXTS.meanReturn}</th>
            <th scope="col">{UNDERVALUED_TEXTS.meanExcess}</th>
            <th scope="col">{UNDERVALUED_TEXTS.beatNifty}</th>
          </tr>
        </thead>
        <tbody>
          {[...summary]
            .sort((a, b) => a.quintile - b.quintile)
            .map((row) => (
              <tr key={row.quintile}>
                <th scope="row">{quintileName(row.quintile)}</th>
                <td>{percent(row.mean_return_pct)}</td>
                <td>{percent(row.mean_excess_pct)}</td>
                <td>{yearsBeaten(row.beat_nifty, row.years)}</td>
              </tr>
            ))}
        </tbody>
      </table>
    </ScrollTable>
  );
}

function BacktestBody({ backtest }: { backtest: ValueBacktest }) {
  const summaryId = useId();
  const caveatsId = useId();
  return (
    <>
      <p className="backtest-signal">
        <strong>{UNDERVALUED_TEXTS.signal}:</strong> {backtest.signal}
      </p>
      {backtest.years.length ? (
        <>
          <YearsTable years={backtest.years} />
          {backtest.years.some((year) => year.partial) ? (
            <p className="muted backtest-partial">{UNDERVALUED_TEXTS.partialNote}</p>
          ) : null}
          <section className="valuation-part" aria-labelledby={summaryId}>
            <h3 id={summaryId}>{UNDERVALUED_TEXTS.summaryTitle}</h3>
            <SummaryTable summary={backtest.summary} />
          </section>
        </>
      ) : (
        <p className="muted">{UNDERVALUED_TEXTS.backtestEmpty}</p>
      )}
      <section className="valuation-part backtest-caveats" aria-labelledby={caveatsId}>
        <h3 id={caveatsId}>{UNDERVALUED_TEXTS.caveatsTitle}</h3>
        <ul className="plain-list">
          {backtest.caveats.map((caveat) => (
            <li key={caveat}>{caveat}</li>
          ))}
        </ul>
      </section>
    </>
  );
}

/** "How has cheapness done?": yearly earnings-yield quintiles against NIFTY 50, with the caveats as the API words them. */
export function CheapnessBacktest() {
  const headingId = useId();
  const backtest = useValueBacktest();
  return (
    <section className="panel cheapness-backtest" aria-labelledby={headingId}>
      <h2 id={headingId}>{UNDERVALUED_TEXTS.backtestTitle}</h2>
      <p className="muted">{UNDERVALUED_TEXTS.backtestLead}</p>
      <QueryState query={backtest} what="back-test">
        {(data) => <BacktestBody backtest={data} />}
      </QueryState>
    </section>
  );
}
