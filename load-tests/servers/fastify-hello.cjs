// (a) The baseline: a bare Fastify hello-world server.
const Fastify = require('fastify');

const app = Fastify({ logger: false });
app.get('/ping', async () => ({ pong: true }));
app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' }).then(() => process.stdout.write('READY\n'));
process.once('SIGTERM', () => app.close().then(() => process.exit(0)));
