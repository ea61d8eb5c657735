// A bare Fastify server with one route that makes one RPC call on the Redis Streams transport: the ceiling a gateway
// on this transport can reach on this machine, with nothing of its own per request.
const Fastify = require('fastify');
const { RpcClient } = require('../../platform/dist');
const { RPC } = require('../../proto/dist');

const client = new RpcClient({ redisUrl: process.env.REDIS_URL || 'redis://127.0.0.1:6379', prefix: process.env.REDIS_PREFIX });
const app = Fastify({ logger: false });
app.get('/ping', () => client.call(RPC.tracking.ping, {}, { deadlineMs: 5000 }));
client
  .connect()
  .then(() => app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' }))
  .then(() => process.stdout.write('READY\n'));
process.once('SIGTERM', () => app.close().then(() => client.close()).then(() => process.exit(0)));
