import type { HubReport } from '@nivesh/proto';
import { formatIndianDay, formatIndianNumber, formatMarketDate } from '../../../lib/format';
import { HUB_TEXTS, STATUS_NAMES, timingText } from '../texts';

const ms = (value: number) => formatIndianNumber(value, 0);

/**
 * 'How this was made': for each agent, what it read (each input's public address, the date of its data, how long it
 * took, or that it had not answered by the deadline) and its timing; then how the texts were written and checked.
 */
export function HowMade({ report }: { report: HubReport }) {
  return (
    <div className="hub-how-made">
      <p>
        {report.engine_note} Made from market data version {report.data_version} on {formatIndianDay(report.generated_at)} in {ms(report.timing.total_ms)} ms; each agent had{' '}
        {ms(report.timing.agent_deadline_ms)} ms. {report.compliance.note}
      </p>
      {report.agents.map((result) => (
        <section key={result.agent} className="hub-how-agent" aria-label={`How the ${result.name} agent worked`}>
          <h3>
            {result.name} agent: {STATUS_NAMES[result.status]}
          </h3>
          <p className="muted">{timingText(result.timing, ms)}</p>
          {result.inputs.length ? (
            <ul className="hub-inputs" aria-label={`${HUB_TEXTS.inputsCaption}: ${result.name} agent`}>
              {result.inputs.map((input) => (
                <li key={input.label}>
                  <span className="hub-input-label">{input.label}</span>
                  <code>{input.source}</code>
                  <span className="muted">
                    {input.as_of ? (
                      <>
                        Data as of <time dateTime={input.as_of}>{formatMarketDate(input.as_of)}</time>;{' '}
                      </>
                    ) : null}
                    {input.ms === null ? 'no answer by the deadline' : `${input.ok ? 'read' : 'failed'} in ${ms(input.ms)} ms`}
                  </span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="muted">It read nothing.</p>
          )}
        </section>
      ))}
    </div>
  );
}
