import { JWT_ALGORITHM, JwtClaimsSchema, SESSION_TTL_HOURS, SESSION_TTL_SECONDS, SessionRecordSchema, sessionKey, userSessionsKey } from './session';

describe('session contract', () => {
  it('keys a session under <prefix>:session:<id>', () => {
    expect(sessionKey('nivesh', 'abc')).toBe('nivesh:session:abc');
    expect(userSessionsKey('nivesh', 'u1')).toBe('nivesh:user-sessions:u1');
  });

  it('lasts 720 hours and signs with HS256', () => {
    expect(SESSION_TTL_HOURS).toBe(720);
    expect(SESSION_TTL_SECONDS).toBe(720 * 3600);
    expect(JWT_ALGORITHM).toBe('HS256');
  });

  it('round-trips a session record through JSON', () => {
    const record = {
      user_id: 'u1',
      username: 'asha',
      is_admin: false,
      is_premium: true,
      created_at: '2025-01-01T00:00:00.000Z',
      expires_at: '2025-01-31T00:00:00.000Z',
    };
    expect(SessionRecordSchema.parse(JSON.parse(JSON.stringify(record)))).toEqual(record);
    expect(SessionRecordSchema.safeParse({ ...record, expires_at: 'tomorrow' }).success).toBe(false);
  });

  it('requires user and session ids in the token claims', () => {
    const claims = { sub: 'u1', sid: 's1', iss: 'nivesh', aud: 'nivesh-web', iat: 1_700_000_000, exp: 1_702_592_000 };
    expect(JwtClaimsSchema.parse(claims)).toEqual(claims);
    const { sid: _sid, ...withoutSession } = claims;
    expect(JwtClaimsSchema.safeParse(withoutSession).success).toBe(false);
  });
});
