import { spawnSync } from 'node:child_process';
import path from 'node:path';

/**
 * A service's error reply can reach the client (on its subscriber connection) before the client's own XADD
 * resolves. The caller must get that error, and the process must not see an unhandled rejection (Jest's sandbox
 * does not observe those, so the built client runs in a plain Node process).
 */
describe('RedisStreamsClient reply race', () => {
  it('hands an error reply that overtakes its XADD to the caller only', () => {
    const script = `
      const { RedisStreamsClient } = require(${JSON.stringify(path.resolve(__dirname, '../dist/redis-streams.client'))});
      process.on('unhandledRejection', (reason) => console.log('UNHANDLED ' + reason.message));
      const client = new RedisStreamsClient({ redisUrl: 'redis://unused', prefix: 'race' });
      Object.assign(client, { subscribed: true, commands: {
        zcount: () => Promise.resolve(1),
        xadd: (_stream, _id, _field, json) => {
          const { i } = JSON.parse(json);
          client.onReply(JSON.stringify({ id: i, ok: false, err: { code: 'validation_failed', message: 'context_id: Required' } }));
          return new Promise((resolve) => setTimeout(() => resolve('1-0'), 30));
        },
      } });
      client.request('chat.sentimentQuery', {}).catch((error) => console.log('CAUGHT ' + error.code));
    `;
    const run = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8', timeout: 10_000 });
    expect(run.stdout.trim().split('\n')).toEqual(['CAUGHT validation_failed']);
  });
});
