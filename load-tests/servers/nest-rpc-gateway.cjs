// A minimal NestJS + Fastify gateway with one route that makes one RPC call, on either transport:
//   TRANSPORT=nest-redis  NestJS's built-in Redis (pub/sub) transport   -> scenario (c)
//   TRANSPORT=streams     Nivesh's Redis Streams transport              -> scenario (b-min)
// Plain JavaScript with decorators applied by hand, so the bench needs no build step of its own.
require('reflect-metadata');
const { Controller, Get, Inject, Module } = require('@nestjs/common');
const { NestFactory } = require('@nestjs/core');
const { FastifyAdapter } = require('@nestjs/platform-fastify');
const { ClientsModule, Transport } = require('@nestjs/microservices');
const { lastValueFrom, timeout } = require('rxjs');

const transport = process.env.TRANSPORT;
const redisUrl = new URL(process.env.REDIS_URL || 'redis://127.0.0.1:6379');
const CLIENT = 'RPC_CLIENT';

class PingController {
  constructor(client) {
    this.client = client;
  }
  ping() {
    if (transport === 'streams') return this.client.call(this.def, {}, { deadlineMs: 5000 });
    return lastValueFrom(this.client.send('tracking.ping', {}).pipe(timeout(5000)));
  }
}
Reflect.decorate([Get('/ping')], PingController.prototype, 'ping', Object.getOwnPropertyDescriptor(PingController.prototype, 'ping'));
Inject(CLIENT)(PingController, undefined, 0);
Reflect.decorate([Controller()], PingController);

const clientProvider = () => {
  if (transport === 'nest-redis') {
    return ClientsModule.register([{ name: CLIENT, transport: Transport.REDIS, options: { host: redisUrl.hostname, port: Number(redisUrl.port || 6379) } }]);
  }
  const { RpcClient } = require('../../platform/dist');
  const { RPC } = require('../../proto/dist');
  PingController.prototype.def = RPC.tracking.ping;
  const provider = {
    provide: CLIENT,
    useFactory: async () => {
      const client = new RpcClient({ redisUrl: redisUrl.toString(), prefix: process.env.REDIS_PREFIX });
      await client.connect();
      return client;
    },
  };
  class StreamsClientModule {}
  Reflect.decorate([Module({ providers: [provider], exports: [provider] })], StreamsClientModule);
  return StreamsClientModule;
};

class AppModule {}
Reflect.decorate([Module({ imports: [clientProvider()], controllers: [PingController] })], AppModule);

(async () => {
  const app = await NestFactory.create(AppModule, new FastifyAdapter({ logger: false }), { logger: ['error'] });
  await app.listen(Number(process.env.PORT), '127.0.0.1');
  process.stdout.write('READY\n');
  process.once('SIGTERM', () => app.close().then(() => process.exit(0)));
})();
