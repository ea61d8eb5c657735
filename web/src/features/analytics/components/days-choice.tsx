import type { DayChoice } from '../texts';
import { DASHBOARD_TEXTS, DAY_CHOICES } from '../texts';

type DaysChoiceProps = { value: DayChoice; onChange: (days: DayChoice) => void; updating: boolean };

/** The period of the figures: 7 days (the default), 30 or 90. */
export function DaysChoice({ value, onChange, updating }: DaysChoiceProps) {
  return (
    <div className="days-row">
      <div className="days-choice" role="group" aria-label={DASHBOARD_TEXTS.daysLegend}>
        {DAY_CHOICES.map((days) => (
          <button key={days} type="button" aria-pressed={value === days} onClick={() => onChange(days)}>
            {DASHBOARD_TEXTS.dayOption(days)}
          </button>
        ))}
      </div>
      {updating ? (
        <p className="muted days-updating" role="status">
          {DASHBOARD_TEXTS.refreshing}
        </p>
      ) : null}
    </div>
  );
}
