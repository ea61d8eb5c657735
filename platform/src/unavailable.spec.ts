import { isDependencyUnavailable } from './unavailable';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('isDependencyUnavailable', () => {
  it('recognises PostgreSQL restarting, refused connections and Redis being down', () => {
    expect(isDependencyUnavailable(withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'))).toBe(true);
    expect(isDependencyUnavailable(withCode('the database system is not yet accepting connections', '57P03'))).toBe(true);
    expect(isDependencyUnavailable(withCode('terminating connection due to administrator command', '57P01'))).toBe(true);
    expect(isDependencyUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDependencyUnavailable(new Error("Stream isn't writeable and enableOfflineQueue options is false"))).toBe(true);
    // TypeORM's QueryFailedError carries pg's error as driverError.
    expect(isDependencyUnavailable(Object.assign(new Error('query failed'), { driverError: withCode('server closed the connection', '08006') }))).toBe(true);
  });

  it('leaves real faults alone: constraint violations, bad SQL, programming errors', () => {
    expect(isDependencyUnavailable(withCode('duplicate key value violates unique constraint', '23505'))).toBe(false);
    expect(isDependencyUnavailable(withCode('syntax error at or near "FROM"', '42601'))).toBe(false);
    expect(isDependencyUnavailable(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(false);
    expect(isDependencyUnavailable(undefined)).toBe(false);
  });
});
