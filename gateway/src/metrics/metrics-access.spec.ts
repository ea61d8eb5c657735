import { metricsAccess } from './metrics-access';

describe('metricsAccess', () => {
  it('without a token, serves this machine only', () => {
    expect(metricsAccess('127.0.0.1', undefined, undefined)).toBe('ok');
    expect(metricsAccess('::1', undefined, undefined)).toBe('ok');
    expect(metricsAccess('::ffff:127.0.0.1', undefined, undefined)).toBe('ok');
    expect(metricsAccess('203.0.113.9', undefined, undefined)).toBe('forbidden');
    expect(metricsAccess('10.0.0.5', 'Bearer anything', undefined)).toBe('forbidden');
  });

  it('with a token, serves whoever sends it and nobody else, wherever they are', () => {
    const token = 'prometheus-scrape-token-123';
    expect(metricsAccess('203.0.113.9', `Bearer ${token}`, token)).toBe('ok');
    expect(metricsAccess('203.0.113.9', 'Bearer wrong', token)).toBe('unauthorized');
    expect(metricsAccess('127.0.0.1', undefined, token)).toBe('unauthorized');
    expect(metricsAccess('127.0.0.1', token, token)).toBe('unauthorized');
  });
});
