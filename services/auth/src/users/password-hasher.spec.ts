import { PasswordHasher } from './password-hasher';

describe('PasswordHasher', () => {
  const hasher = new PasswordHasher();

  it('hashes with argon2id at OWASP parameters (19 MiB, 2 iterations, 1 lane) and a random salt', async () => {
    const hash = await hasher.hash('Nivesh123');
    expect(hash.startsWith('$argon2id$v=19$m=19456,t=2,p=1$')).toBe(true);
    expect(hash).not.toContain('Nivesh123');
    expect(await hasher.hash('Nivesh123')).not.toBe(hash);
  });

  it('verifies the right password only, and never throws on a malformed hash', async () => {
    const hash = await hasher.hash('Nivesh123');
    expect(await hasher.verify(hash, 'Nivesh123')).toBe(true);
    expect(await hasher.verify(hash, 'nivesh123')).toBe(false);
    expect(await hasher.verify('not-a-hash', 'Nivesh123')).toBe(false);
  });

  it('spends argon2 work on unknown users and always answers false', async () => {
    await hasher.onModuleInit();
    expect(await hasher.verifyDummy('anything1')).toBe(false);
    expect(await hasher.verifyDummy('')).toBe(false);
  });
});
