import * as proto from '@nivesh/proto';
import {
  ALERTS_FREE_MAX,
  ALERTS_PREMIUM_MAX,
  ALERT_KINDS,
  ALERT_LEVEL_MAX,
  ALERT_MOVE_MAX_PCT,
  ALERT_PATHS,
  PREMIUM_ALERT_KINDS,
  RSI_ALERT_LEVELS,
  isPremiumAlertKind,
} from './alert-values';

describe('alert values copied from @nivesh/proto', () => {
  it('calls each route at the path proto declares, all with a login; only the list is a GET', () => {
    for (const [name, path] of Object.entries(ALERT_PATHS)) {
      const route = proto.ROUTES[name as keyof typeof ALERT_PATHS];
      expect([name, path, route.auth, route.method]).toEqual([
        name,
        route.path,
        'user',
        name === 'portfolioAlerts' ? 'GET' : 'POST',
      ]);
    }
  });

  it('has proto’s kinds, premium kinds, RSI levels and limits', () => {
    expect(ALERT_KINDS).toEqual(proto.ALERT_KINDS);
    expect(PREMIUM_ALERT_KINDS).toEqual(proto.PREMIUM_ALERT_KINDS);
    expect(ALERT_KINDS.map(isPremiumAlertKind)).toEqual(proto.ALERT_KINDS.map(proto.isPremiumAlertKind));
    expect(RSI_ALERT_LEVELS).toEqual(proto.RSI_ALERT_LEVELS);
    expect(ALERTS_FREE_MAX).toBe(proto.ALERTS_FREE_MAX);
    expect(ALERTS_PREMIUM_MAX).toBe(proto.ALERTS_PREMIUM_MAX);
  });

  it('bounds a price level and a move as proto’s rules do', () => {
    const level = (value: number) => proto.PriceAboveRuleSchema.safeParse({ kind: 'price_above', params: { level: value } }).success;
    const move = (value: number) =>
      proto.MovePctRuleSchema.safeParse({ kind: 'move_pct', params: { threshold_pct: value, direction: 'up' } }).success;
    expect([level(ALERT_LEVEL_MAX), level(ALERT_LEVEL_MAX + 1)]).toEqual([true, false]);
    expect([move(ALERT_MOVE_MAX_PCT), move(ALERT_MOVE_MAX_PCT + 0.01)]).toEqual([true, false]);
  });
});
