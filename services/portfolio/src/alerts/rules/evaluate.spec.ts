import { NSE_CALENDAR } from '@nivesh/platform';
import { type Alert, conditionOn, evaluateAlerts } from './evaluate';
import { type DailyClose, type TradingSignalsLib, loadTradingSignals } from './figures';
import { ALERT_KINDS, type AlertKind, type AlertRule } from './kinds';
import { type AlertState, newAlertState } from './state';

let ts: TradingSignalsLib;
beforeAll(async () => {
  ts = await loadTradingSignals();
});

/** The i-th NSE session from Monday 2 Jan 2023. */
const day = (i: number) => NSE_CALENDAR.add('2023-01-02', i);
const barsOf = (closes: readonly number[]): DailyClose[] => closes.map((close, i) => ({ date: day(i), close }));
const alertOf = (rule: AlertRule, state: AlertState, symbol = 'RELIANCE', id = 'alert-1'): Alert => ({
  ...rule,
  id,
  user_id: 'user-1',
  symbol,
  state,
});

/**
 * Sets an alert on the last of `seen` (the close the user saw), then runs one evaluation per import, each adding its
 * closes to the history and carrying the state returned: the dates the alert fired on, per import.
 */
const runImports = (rule: AlertRule, seen: readonly number[], imports: readonly (readonly number[])[]) => {
  const history = [...seen];
  let alert = alertOf(rule, newAlertState(rule.kind, day(history.length - 1)));
  return imports.map((closes) => {
    history.push(...closes);
    const { events, states } = evaluateAlerts([alert], new Map([['RELIANCE', barsOf(history)]]), ts);
    alert = { ...alert, state: states[0]!.state };
    return events.map((event) => event.date);
  });
};

/** Wilder's RSI written out (first averages the plain mean of 14 changes, then (13 × previous + change) / 14). */
const wilderRsi = (closes: readonly number[], period = 14): (number | null)[] => {
  let gain = 0;
  let loss = 0;
  return closes.map((close, i) => {
    if (i === 0) return null;
    const change = close - closes[i - 1]!;
    const up = Math.max(change, 0);
    const down = Math.max(-change, 0);
    if (i <= period) {
      gain += up / period;
      loss += down / period;
      if (i < period) return null;
    } else {
      gain = (gain * (period - 1) + up) / period;
      loss = (loss * (period - 1) + down) / period;
    }
    return loss === 0 ? 100 : 100 - 100 / (1 + gain / loss);
  });
};

describe('evaluateAlerts: once per crossing', () => {
  const above100: AlertRule = { kind: 'price_above', params: { level: 100 } };

  it('fires on the import that crosses the level and not on the imports after it while the price stays above', () => {
    expect(runImports(above100, [95], [[101], [103], [102]])).toEqual([[day(1)], [], []]);
  });

  it('does not fire for a condition already true when the alert is set, only after it has been false once', () => {
    expect(runImports(above100, [90, 105], [[106], [99], [101]])).toEqual([[], [], [day(4)]]);
  });

  it('re-arms when the price goes back and fires again on the next crossing', () => {
    expect(runImports(above100, [95], [[101], [98], [102], [104]])).toEqual([[day(1)], [], [day(3)], []]);
    const below: AlertRule = { kind: 'price_below', params: { level: 100 } };
    expect(runImports(below, [105], [[100], [100.5], [99]])).toEqual([[day(1)], [], [day(3)]]);
  });

  it('fires on each crossing inside one import of several days, in date order', () => {
    const alert = alertOf(above100, newAlertState('price_above', day(0)));
    const { events, states } = evaluateAlerts([alert], new Map([['RELIANCE', barsOf([95, 101, 97, 102, 104])]]), ts);
    expect(events.map((event) => [event.date, event.close])).toEqual([
      [day(1), 101],
      [day(3), 102],
    ]);
    expect(states).toEqual([
      { alert_id: 'alert-1', state: { armed: false, last_evaluated_date: day(4), last_fired_date: day(3) } },
    ]);
  });

  it('leaves out alerts with no new trading day or no prices, so nothing is written for them', () => {
    const bars = new Map([['RELIANCE', barsOf([95, 101])]]);
    const upToDate = alertOf(above100, newAlertState('price_above', day(1)), 'RELIANCE', 'up-to-date');
    const noPrices = alertOf(above100, newAlertState('price_above', day(0)), 'UNKNOWN', 'no-prices');
    expect(evaluateAlerts([upToDate, noPrices], bars, ts)).toEqual({ events: [], states: [] });
  });
});

describe('evaluateAlerts: a move in a day', () => {
  const up5: AlertRule = { kind: 'move_pct', params: { threshold_pct: 5, direction: 'up' } };

  it('fires on every day with a large enough move, once per day, never for the day the alert was set', () => {
    // Set after a +6 % day; then +6.13 %, +6.22 %, −0.42 %.
    expect(runImports(up5, [100, 106], [[112.5], [119.5], [119]])).toEqual([[day(2)], [day(3)], []]);
  });

  it('does not fire again when the same day is evaluated again', () => {
    const alert = alertOf(up5, newAlertState('move_pct', day(0)));
    const bars = new Map([['RELIANCE', barsOf([100, 106])]]);
    const first = evaluateAlerts([alert], bars, ts);
    expect(first.events.map((event) => event.date)).toEqual([day(1)]);
    expect(evaluateAlerts([{ ...alert, state: first.states[0]!.state }], bars, ts)).toEqual({ events: [], states: [] });
  });

  it('does not take a move over two sessions for a move in a day when the prices lack the session between', () => {
    // The history skips day(2): +12.5 % from day(1) to day(3) spans two sessions.
    const alert = alertOf(up5, newAlertState('move_pct', day(1)));
    const bars = [{ date: day(0), close: 100 }, { date: day(1), close: 100 }, { date: day(3), close: 112.5 }, { date: day(4), close: 119.5 }];
    expect(evaluateAlerts([alert], new Map([['RELIANCE', bars]]), ts).events.map((event) => event.date)).toEqual([day(4)]);
  });

  it('honours the direction', () => {
    const down: AlertRule = { kind: 'move_pct', params: { threshold_pct: 5, direction: 'down' } };
    const either: AlertRule = { kind: 'move_pct', params: { threshold_pct: 5, direction: 'either' } };
    // +6 %, −2.83 %, −5.83 %.
    expect(runImports(down, [100], [[106], [103], [97]])).toEqual([[], [], [day(3)]]);
    expect(runImports(either, [100], [[106], [103], [97]])).toEqual([[day(1)], [], [day(3)]]);
  });
});

describe('evaluateAlerts: RSI crossing', () => {
  // StockCharts' RSI example closes (ChartSchool, "Relative Strength Index"), then 46.60 to push the RSI over 70.
  // By hand: the first 14 changes gain 3.34 and lose 1.40, so average gain 3.34 / 14 and loss 1.40 / 14 (RSI 70.46
  // at the 15th close); Wilder's smoothing over the changes −0.28, +0.03, +0.38, +0.19 then gives average gain
  // 0.2215, 0.2078, 0.2201, 0.2180 and loss 0.1129, 0.1048, 0.0973, 0.0904: RSI 66.25, 66.48, 69.35, 70.70.
  const closes = [
    44.34, 44.09, 44.15, 43.61, 44.33, 44.83, 45.1, 45.42, 45.84, 46.08, 45.89, 46.03, 45.61, 46.28, 46.28, 46.0, 46.03,
    46.41, 46.6,
  ];
  const byHand = [70.4641, 66.2496, 66.4809, 69.3469, 70.696];

  it('reads the RSI series trading-signals computes, which matches the hand-checked values', () => {
    const direct = new ts.RSI(14);
    const library = closes.map((close) => direct.add(close));
    expect(library.slice(0, 14)).toEqual(Array(14).fill(null));
    library.slice(14).forEach((value, i) => expect(value).toBeCloseTo(byHand[i]!, 4));
    wilderRsi(closes)
      .slice(14)
      .forEach((value, i) => expect(value).toBeCloseTo(library[14 + i]!, 9));
    // StockCharts' own spreadsheet rounds its averages: 66.32, 66.55, 69.41 for the 16th to 18th closes.
    [66.32, 66.55, 69.41].forEach((published, i) => expect(Math.abs(library[15 + i]! - published)).toBeLessThan(0.1));
  });

  it('fires an upward crossing of 70 on the day the RSI reaches it, and not while it stays below', () => {
    const rule: AlertRule = { kind: 'rsi_cross', params: { level: 70, direction: 'above' } };
    // Set on the 16th close (RSI 66.25); the imports bring 66.48, 69.35 and 70.70.
    const fired = runImports(rule, closes.slice(0, 16), [[closes[16]!], [closes[17]!], [closes[18]!]]);
    expect(fired).toEqual([[], [], [day(18)]]);
    const alert = alertOf(rule, newAlertState('rsi_cross', day(15)));
    const [event] = evaluateAlerts([alert], new Map([['RELIANCE', barsOf(closes)]]), ts).events;
    expect(event!.message).toBe(
      "RELIANCE's 14-day RSI rose to 70.70 on 27 Jan 2023, crossing above your alert level of 70 (close ₹46.60)",
    );
  });

  it('cannot judge a day before the RSI has 14 changes behind it', () => {
    const rule: AlertRule = { kind: 'rsi_cross', params: { level: 70, direction: 'above' } };
    // Set on the 2nd close: the 15th close has RSI 70.46 but the alert never saw it below 70, so it stays quiet.
    expect(runImports(rule, closes.slice(0, 2), [closes.slice(2, 15)])).toEqual([[]]);
  });
});

describe('evaluateAlerts: 52-week high and low', () => {
  // A year of closes between 80 and 120 after a 200 on the first day; the 200 leaves the window on day 252.
  const year = [200, ...Array.from({ length: 250 }, (_, i) => 100 + 20 * Math.sin(i / 9))];

  it('fires on exactly the day of a new high, once per run of new highs, again after a day that is not one', () => {
    const high: AlertRule = { kind: 'high_52w', params: {} };
    // 150 on day 251 is below the 200 of day 0; 160 on day 252 is above every close of days 1 to 251.
    expect(runImports(high, year, [[150], [160], [170], [165], [171]])).toEqual([[], [day(252)], [], [], [day(255)]]);
    expect(runImports({ kind: 'low_52w', params: {} }, year, [[150], [160], [170], [165], [171]])).toEqual(
      Array(5).fill([]),
    );
  });

  it('fires a new low on its day', () => {
    const low: AlertRule = { kind: 'low_52w', params: {} };
    expect(runImports(low, year, [[90], [79.5], [79]])).toEqual([[], [day(252)], []]);
  });
});

describe('evaluateAlerts: the sentence', () => {
  it('tells the user what happened in one plain sentence with rupees grouped the Indian way', () => {
    const alert = alertOf({ kind: 'price_above', params: { level: 2950 } }, newAlertState('price_above', '2024-03-27'));
    const bars = [
      { date: '2024-03-27', close: 2938.4 },
      { date: '2024-03-28', close: 2971.7 },
    ];
    expect(evaluateAlerts([alert], new Map([['RELIANCE', bars]]), ts).events).toEqual([
      {
        alert_id: 'alert-1',
        user_id: 'user-1',
        symbol: 'RELIANCE',
        kind: 'price_above',
        date: '2024-03-28',
        close: 2971.7,
        message: 'RELIANCE closed at ₹2,971.70 on 28 Mar 2024, above your alert level of ₹2,950',
      },
    ]);
  });
});

describe('evaluateAlerts: 100,000 alerts over 50 symbols after one import', () => {
  /** mulberry32: deterministic, so a failure reproduces. */
  const randomFrom = (seed: number) => () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };

  it('fires exactly the alerts a plain per-alert reading of the rules fires, and keeps every state', () => {
    const random = randomFrom(2024);
    const BARS = 300;
    const last = BARS - 1;
    const marketDays = new Map<string, DailyClose[]>();
    for (let s = 0; s < 50; s += 1) {
      const closes = [500 + 50 * s];
      while (closes.length < BARS - 1) closes.push(closes[closes.length - 1]! * (1 + (random() - 0.5) * 0.05));
      // The new day: a jump up, a fall, or an ordinary day, so every kind has alerts that fire.
      const jump = [1.09, 0.91, 1 + (random() - 0.5) * 0.05][s % 3]!;
      closes.push(closes[closes.length - 1]! * jump);
      marketDays.set(`SYM${s}`, barsOf(closes));
    }
    const rsiCrossings = [
      { level: 70, direction: 'above' },
      { level: 30, direction: 'below' },
      { level: 70, direction: 'below' },
      { level: 30, direction: 'above' },
    ] as const;
    const directions = ['up', 'down', 'either'] as const;
    const alerts: Alert[] = Array.from({ length: 100_000 }, (_, i) => {
      const symbol = `SYM${i % 50}`;
      const close = marketDays.get(symbol)![last - 1]!.close;
      const kind = ALERT_KINDS[Math.floor(i / 50) % ALERT_KINDS.length]!;
      const rule: AlertRule =
        kind === 'price_above' || kind === 'price_below'
          ? { kind, params: { level: Math.round(close * (0.85 + 0.3 * random()) * 100) / 100 } }
          : kind === 'move_pct'
            ? { kind, params: { threshold_pct: 1 + Math.floor(random() * 10), direction: directions[i % 3]! } }
            : kind === 'rsi_cross'
              ? { kind, params: rsiCrossings[Math.floor(random() * 4)]! }
              : { kind, params: {} };
      const state = { ...newAlertState(kind, day(last - 1)), armed: kind === 'move_pct' || random() < 0.5 };
      return alertOf(rule, state, symbol, `alert-${i}`);
    });

    const { events, states } = evaluateAlerts(alerts, marketDays, ts);

    // The same rules read plainly, per alert, from figures computed here without the engine's.
    const plain = new Map(
      [...marketDays].map(([symbol, bars]) => {
        const closes = bars.map((bar) => bar.close);
        const rsi = wilderRsi(closes).map((value) => (value === null ? null : Math.round(value * 10_000) / 10_000));
        const before = (i: number) => closes.slice(i - 251, i);
        const figures = {
          dates: bars.map((bar) => bar.date),
          closes,
          rsi,
          previousHigh: closes.map((_, i) => (i >= 251 ? Math.max(...before(i)) : null)),
          previousLow: closes.map((_, i) => (i >= 251 ? Math.min(...before(i)) : null)),
        };
        return [symbol, figures];
      }),
    );
    const expectedFired: string[] = [];
    const mismatches: string[] = [];
    alerts.forEach((alert, i) => {
      const figures = plain.get(alert.symbol)!;
      const seen = conditionOn(alert, figures, last - 1);
      const today = conditionOn(alert, figures, last);
      const daily = alert.kind === 'move_pct';
      const armed = daily || seen === null ? alert.state.armed : !seen;
      const fired = today === true && armed;
      if (fired) expectedFired.push(alert.id);
      const expected: AlertState = {
        armed: daily || today === null ? armed : !today,
        last_evaluated_date: day(last),
        last_fired_date: fired ? day(last) : null,
      };
      const got = states[i]!;
      const same = got.alert_id === alert.id && JSON.stringify(got.state) === JSON.stringify(expected);
      if (!same) mismatches.push(alert.id);
    });

    expect(states).toHaveLength(100_000);
    expect(mismatches).toEqual([]);
    expect(events.map((event) => event.alert_id)).toEqual(expectedFired);
    expect(events.every((event) => event.date === day(last) && event.message.length > 0)).toBe(true);
    const firedKinds = new Set<AlertKind>(events.map((event) => event.kind));
    expect([...firedKinds].sort()).toEqual([...ALERT_KINDS].sort());
  });
});
