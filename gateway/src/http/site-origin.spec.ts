import type { FastifyRequest } from 'fastify';
import { siteOriginOf } from './site-origin';

const request = (host: string | undefined, protocol = 'http') => ({ headers: host === undefined ? {} : { host }, protocol }) as unknown as FastifyRequest;

describe('siteOriginOf', () => {
  const publicUrl = 'http://localhost:8080';

  it('keeps the address the browser opened when it is this machine, whatever loopback name it used', () => {
    expect(siteOriginOf(request('127.0.0.1:8080'), publicUrl)).toBe('http://127.0.0.1:8080');
    expect(siteOriginOf(request('localhost:8080'), publicUrl)).toBe('http://localhost:8080');
    expect(siteOriginOf(request('[::1]:8080'), publicUrl)).toBe('http://[::1]:8080');
  });

  it('keeps PUBLIC_URL\'s host on another port or scheme, and vouches for no other host (the service then uses its PUBLIC_URL)', () => {
    expect(siteOriginOf(request('nivesh.example', 'https'), 'https://nivesh.example')).toBe('https://nivesh.example');
    expect(siteOriginOf(request('evil.example:8080'), publicUrl)).toBeUndefined();
    expect(siteOriginOf(request('127.0.0.1.evil.example'), publicUrl)).toBeUndefined();
    expect(siteOriginOf(request('user@127.0.0.1'), publicUrl)).toBeUndefined();
    expect(siteOriginOf(request('127.0.0.1/x'), publicUrl)).toBeUndefined();
    expect(siteOriginOf(request(undefined), publicUrl)).toBeUndefined();
  });
});
