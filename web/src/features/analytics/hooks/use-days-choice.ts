import { useSearchParams } from 'react-router';
import type { DayChoice } from '../texts';
import { DAY_CHOICES } from '../texts';

const [DEFAULT_DAYS] = DAY_CHOICES;

/** The period named by `?days=` in the address, one the dashboards offer, else 7; and a setter that keeps it there. */
export const useDaysChoice = (): [DayChoice, (days: DayChoice) => void] => {
  const [params, setParams] = useSearchParams();
  const asked = Number(params.get('days'));
  const days = DAY_CHOICES.find((choice) => choice === asked) ?? DEFAULT_DAYS;
  const choose = (next: DayChoice) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === DEFAULT_DAYS) updated.delete('days');
        else updated.set('days', String(next));
        return updated;
      },
      { replace: true },
    );
  return [days, choose];
};
