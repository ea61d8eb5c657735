import { ALERT_KINDS, AlertRuleSchema, PREMIUM_ALERT_KINDS, isPremiumAlertKind } from './kinds';

describe('alert kinds', () => {
  it('makes the indicator alerts, and only them, premium', () => {
    expect(PREMIUM_ALERT_KINDS).toEqual(['rsi_cross']);
    expect(ALERT_KINDS.filter(isPremiumAlertKind)).toEqual(['rsi_cross']);
  });

  it("accepts each kind's parameters and refuses others", () => {
    const valid = [
      { kind: 'price_above', params: { level: 2950 } },
      { kind: 'price_below', params: { level: 2950.5 } },
      { kind: 'move_pct', params: { threshold_pct: 5, direction: 'either' } },
      { kind: 'rsi_cross', params: { level: 70, direction: 'above' } },
      { kind: 'high_52w', params: {} },
      { kind: 'low_52w', params: {} },
    ];
    for (const rule of valid) expect(AlertRuleSchema.parse(rule)).toEqual(rule);
    const invalid = [
      { kind: 'price_above', params: { level: 0 } },
      { kind: 'move_pct', params: { threshold_pct: 5, direction: 'sideways' } },
      { kind: 'move_pct', params: { threshold_pct: -2, direction: 'up' } },
      { kind: 'rsi_cross', params: { level: 50, direction: 'above' } },
      { kind: 'high_52w', params: { level: 10 } },
      { kind: 'macd_cross', params: {} },
    ];
    for (const rule of invalid) expect(AlertRuleSchema.safeParse(rule).success).toBe(false);
  });
});
