import { SESSION_TTL_SECONDS, SessionRecordSchema } from '@nivesh/proto';
import type { Clock } from '../common/clock';
import type { Config } from '../config';
import { loadJose } from './jose';
import type { SessionRepository } from './session.repository';
import { SessionService } from './session.service';

const config = { JWT_SECRET: 'j'.repeat(32), JWT_ISSUER: 'nivesh', JWT_AUDIENCE: 'nivesh-web' } as Config;
const NOW = new Date('2026-01-01T10:00:00.500Z');

describe('SessionService', () => {
  const repository = { save: jest.fn().mockResolvedValue(undefined), delete: jest.fn(), deleteAllOfUser: jest.fn(), setAdminFlag: jest.fn() };
  const service = new SessionService(config, repository as unknown as SessionRepository, { now: () => NOW } as Clock);

  it('signs an HS256 JWT with sub, sid, iss, aud, iat and exp 720 hours later', async () => {
    const session = await service.start({ id: 'u1', username: 'asha', isAdmin: true });
    const { jwtVerify } = await loadJose();
    const { payload, protectedHeader } = await jwtVerify(session.accessToken, new TextEncoder().encode(config.JWT_SECRET), {
      algorithms: ['HS256'],
      issuer: 'nivesh',
      audience: 'nivesh-web',
      currentDate: NOW,
    });
    expect(protectedHeader).toEqual({ alg: 'HS256', typ: 'JWT' });
    expect(payload).toEqual({ sub: 'u1', sid: session.sessionId, iss: 'nivesh', aud: 'nivesh-web', iat: 1767261600, exp: 1767261600 + 720 * 3600 });
    expect(session.expiresAt.toISOString()).toBe('2026-01-31T10:00:00.000Z');
  });

  it('stores the session record the gateway reads, expiring with the token', async () => {
    repository.save.mockClear();
    const session = await service.start({ id: 'u1', username: 'asha', isAdmin: false });
    const [sessionId, record, ttl] = repository.save.mock.calls[0];
    expect(sessionId).toBe(session.sessionId);
    expect(SessionRecordSchema.parse(record)).toEqual({
      user_id: 'u1',
      username: 'asha',
      is_admin: false,
      is_premium: false,
      created_at: NOW.toISOString(),
      expires_at: '2026-01-31T10:00:00.000Z',
    });
    expect(ttl).toBe(SESSION_TTL_SECONDS);
  });

  it('gives every session its own id', async () => {
    const a = await service.start({ id: 'u1', username: 'asha', isAdmin: false });
    const b = await service.start({ id: 'u1', username: 'asha', isAdmin: false });
    expect(a.sessionId).not.toBe(b.sessionId);
  });
});
