import type { StoredAlert } from './alerts.repository';
import { windowFor } from './alerts.evaluator';
import { type AlertState, HISTORY_BARS } from './rules';

const day = (i: number) => new Date(Date.UTC(2022, 0, 3 + i)).toISOString().slice(0, 10);
const closes = Array.from({ length: 600 }, (_, i) => ({ date: day(i), close: 100 + i }));
const alertSeen = (lastEvaluated: string | null): StoredAlert => ({
  id: 'a',
  user_id: 'u',
  symbol: 'RELIANCE',
  kind: 'price_above',
  params: { level: 1 },
  email: true,
  paused: false,
  created_at: '2024-01-01T00:00:00.000Z',
  state: { armed: false, last_evaluated_date: lastEvaluated, last_fired_date: null } satisfies AlertState,
});

describe('windowFor', () => {
  it('keeps HISTORY_BARS closes up to the earliest day its alerts have seen, and every close after it', () => {
    const window = windowFor(closes, [alertSeen(day(500)), alertSeen(day(450))]);
    expect(window[0]!.date).toBe(day(450 - HISTORY_BARS + 1));
    expect(window.at(-1)!.date).toBe(day(599));
    expect(window).toHaveLength(HISTORY_BARS + 149);
  });

  it('keeps everything when an alert has seen no close yet, or the history is short', () => {
    expect(windowFor(closes, [alertSeen(day(500)), alertSeen(null)])).toHaveLength(600);
    expect(windowFor(closes.slice(0, 100), [alertSeen(day(50))])).toHaveLength(100);
  });
});
