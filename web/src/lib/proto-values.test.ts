import * as proto from '@nivesh/proto';
import {
  ANALYTICS_DEFAULT_DAYS,
  CURRENT_USERS_WINDOW_MINUTES,
  DEFAULT_PLAN_ID,
  DEVICE_FINGERPRINT_MAX_LENGTH,
  PREMIUM_PRICE_INR_PER_MONTH,
  ROUTE_PATHS,
  SEBI_PRICE_DATA_CIRCULAR_DATE,
  SERVICE_NAMES,
  SESSION_TTL_HOURS,
  VISITOR_HEARTBEAT_INTERVAL_MS,
} from './proto-values';

describe('values copied from @nivesh/proto', () => {
  it('gives every route the path proto declares', () => {
    for (const [name, path] of Object.entries(ROUTE_PATHS)) {
      expect([name, path]).toEqual([name, proto.ROUTES[name as keyof typeof ROUTE_PATHS].path]);
    }
  });

  it('has proto’s session lifetime, premium price, default plan and fingerprint limit', () => {
    expect(SESSION_TTL_HOURS).toBe(proto.SESSION_TTL_HOURS);
    expect(PREMIUM_PRICE_INR_PER_MONTH).toBe(proto.PREMIUM_PRICE_INR_PER_MONTH);
    expect(DEFAULT_PLAN_ID).toBe(proto.DEFAULT_PLAN_ID);
    expect(DEVICE_FINGERPRINT_MAX_LENGTH).toBe(proto.DEVICE_FINGERPRINT_MAX_LENGTH);
  });

  it('has proto’s heartbeat period, default overview days and current-users window', () => {
    expect(VISITOR_HEARTBEAT_INTERVAL_MS).toBe(proto.VISITOR_HEARTBEAT_INTERVAL_MS);
    expect(ANALYTICS_DEFAULT_DAYS).toBe(proto.ANALYTICS_DEFAULT_DAYS);
    expect(CURRENT_USERS_WINDOW_MINUTES).toBe(proto.CURRENT_USERS_WINDOW_MINUTES);
  });

  it('dates the SEBI circular as proto does', () => {
    expect(SEBI_PRICE_DATA_CIRCULAR_DATE).toBe(proto.SEBI_PRICE_DATA_CIRCULAR.date);
  });

  it('names the services proto names', () => {
    expect(SERVICE_NAMES).toEqual(proto.SERVICE_NAMES);
  });
});
