import { type AlertState, newAlertState, settleBaseline, stepDay, triggerOf } from './state';

const disarmed: AlertState = { armed: false, last_evaluated_date: '2024-03-27', last_fired_date: null };
const armed: AlertState = { ...disarmed, armed: true };

describe('alert state', () => {
  it('starts a crossing alert disarmed and a daily one armed, with the close the user saw as baseline', () => {
    expect(newAlertState('price_above', '2024-03-27')).toEqual(disarmed);
    expect(newAlertState('move_pct', '2024-03-27')).toEqual(armed);
    expect(newAlertState('rsi_cross', null).last_evaluated_date).toBeNull();
    expect((['price_above', 'price_below', 'rsi_cross', 'high_52w', 'low_52w'] as const).map(triggerOf)).toEqual(
      Array(5).fill('crossing'),
    );
  });

  it('arms a crossing alert on a false baseline, disarms it on a true one, and never fires there', () => {
    expect(settleBaseline('crossing', disarmed, false)).toEqual(armed);
    expect(settleBaseline('crossing', armed, true)).toEqual(disarmed);
    expect(settleBaseline('crossing', disarmed, null)).toBe(disarmed);
    expect(settleBaseline('daily', armed, false)).toBe(armed);
  });

  it('fires an armed crossing alert on a true day and disarms it until a false day', () => {
    const fired = stepDay('crossing', armed, '2024-03-28', true);
    expect(fired).toEqual({
      fired: true,
      state: { armed: false, last_evaluated_date: '2024-03-28', last_fired_date: '2024-03-28' },
    });
    const next = (condition: boolean) => stepDay('crossing', fired.state, '2024-03-29', condition);
    expect(next(true)).toMatchObject({ fired: false, state: { armed: false } });
    expect(next(false)).toMatchObject({ fired: false, state: { armed: true } });
  });

  it('keeps the state through a day it cannot judge, only moving the evaluated date', () => {
    expect(stepDay('crossing', armed, '2024-03-28', null)).toEqual({
      fired: false,
      state: { ...armed, last_evaluated_date: '2024-03-28' },
    });
  });

  it('fires a daily alert on each true day, once per day', () => {
    const first = stepDay('daily', armed, '2024-03-28', true);
    expect(first.fired).toBe(true);
    expect(stepDay('daily', first.state, '2024-03-28', true).fired).toBe(false);
    expect(stepDay('daily', first.state, '2024-03-29', true)).toMatchObject({
      fired: true,
      state: { armed: true, last_fired_date: '2024-03-29' },
    });
  });
});
