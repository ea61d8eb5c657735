// A bare Fastify server whose one route answers after one Redis GET (auto-pipelined, as the gateway's own commands
// are): what a single hop to Redis costs, against the two hops and the second process of an RPC round trip.
const Fastify = require('fastify');
const Redis = require('ioredis');

const redis = new Redis(process.env.REDIS_URL || 'redis://127.0.0.1:6379', { enableAutoPipelining: true, keyPrefix: `${process.env.REDIS_PREFIX}:` });
const app = Fastify({ logger: false });
app.get('/ping', async () => ({ ok: (await redis.get('none')) === null }));
app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' }).then(() => process.stdout.write('READY\n'));
process.once('SIGTERM', () => app.close().then(() => redis.quit()).then(() => process.exit(0)));
