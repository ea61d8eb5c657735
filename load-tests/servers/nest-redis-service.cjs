// The service side of scenario (c): the same cheap handler on NestJS's built-in Redis transport.
require('reflect-metadata');
const { Controller, Module } = require('@nestjs/common');
const { NestFactory } = require('@nestjs/core');
const { MessagePattern, Transport } = require('@nestjs/microservices');

class PingController {
  ping() {
    return { pong: true, service: 'tracking', instance: `nest-redis-${process.pid}` };
  }
}
Reflect.decorate([MessagePattern('tracking.ping')], PingController.prototype, 'ping', Object.getOwnPropertyDescriptor(PingController.prototype, 'ping'));
Reflect.decorate([Controller()], PingController);
class AppModule {}
Reflect.decorate([Module({ controllers: [PingController] })], AppModule);

(async () => {
  const redisUrl = new URL(process.env.REDIS_URL || 'redis://127.0.0.1:6379');
  const app = await NestFactory.createMicroservice(AppModule, {
    transport: Transport.REDIS,
    options: { host: redisUrl.hostname, port: Number(redisUrl.port || 6379) },
    logger: ['error'],
  });
  await app.listen();
  process.stdout.write('READY\n');
  process.once('SIGTERM', () => app.close().then(() => process.exit(0)));
})();
