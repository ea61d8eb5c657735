import { Writable } from 'node:stream';
import { createLogger, requestLogger } from './logger';

/** A logger whose lines are kept, parsed, in `lines`. */
const capture = () => {
  const lines: Record<string, unknown>[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString('utf8')) as Record<string, unknown>);
      done();
    },
  });
  return { logger: createLogger('test', 'info', destination), lines };
};

describe('requestLogger', () => {
  it("gives every line of a request's logger its request id, and none to the app's own lines", () => {
    const { logger, lines } = capture();
    const request = requestLogger(logger, { reqId: 'req-7' });
    request.info({ route: '/api/system/ping' }, 'request completed');
    request.child({ step: 'rpc' }).warn('slow answer');
    logger.info('started');
    expect(lines).toEqual([
      expect.objectContaining({ reqId: 'req-7', route: '/api/system/ping', msg: 'request completed', service: 'test' }),
      expect.objectContaining({ reqId: 'req-7', step: 'rpc', msg: 'slow answer' }),
      expect.not.objectContaining({ reqId: expect.anything() }),
    ]);
  });

  it('still redacts secrets on its lines', () => {
    const { logger, lines } = capture();
    requestLogger(logger, { reqId: 'req-8' }).info({ password: 'hunter22', body: { otp: '123456' } }, 'login');
    expect(lines[0]).toMatchObject({ reqId: 'req-8', password: '[redacted]', body: { otp: '[redacted]' } });
  });

  it('leaves a line without a request id when fastify gives none', () => {
    const { logger, lines } = capture();
    requestLogger(logger, {}).info('no id');
    expect(lines[0]).not.toHaveProperty('reqId');
  });
});
