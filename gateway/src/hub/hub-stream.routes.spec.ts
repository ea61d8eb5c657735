import { request as httpRequest, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DomainError, HUB, HUB_AGENTS, type HubAgentName } from '@nivesh/proto';
import { mintToken, startTestGateway, type TestGateway } from '../../test/test-app';
import { REPORT_FAILED } from './hub-stream.routes';
import { sseEvent } from './event-stream';

const RUN_ID = '3f0c1b9e-6a51-4f0e-9a64-1f2d3c4b5a69';

const agentResult = (agent: HubAgentName) => ({
  agent,
  name: agent,
  question: `What does ${agent} say?`,
  status: 'ok',
  detail: null,
  lean: 'neutral',
  reading: 'Fine',
  headline: 'Fine.',
  findings: [],
  inputs: [],
  timing: { started_ms: 1, duration_ms: 5, deadline_ms: 1_500 },
});

const report = (cached = false) => ({ symbol: 'RELIANCE', company: 'Reliance Industries Ltd.', cached, agents: HUB_AGENTS.map(agentResult), summary: 'All six agents answered.' });

type Event = { event: string; data: unknown };

/** The events of an event-stream body, in order (comments left out). */
const eventsOf = (body: string): Event[] =>
  body
    .split('\n\n')
    .filter((block) => block.startsWith('event: '))
    .map((block) => {
      const [eventLine, dataLine] = block.split('\n');
      return { event: eventLine!.slice('event: '.length), data: JSON.parse(dataLine!.slice('data: '.length)) as unknown };
    });

describe('GET /api/hub/stream', () => {
  let gw: TestGateway;
  let token = '';
  let client = 0;

  beforeAll(async () => {
    gw = await startTestGateway();
    await gw.putSession('sid-hub', { user_id: 'u-hub', username: 'asha' });
    token = await mintToken({ sub: 'u-hub', sid: 'sid-hub' });
  });

  afterAll(async () => {
    await gw.close();
  });

  beforeEach(() => {
    gw.rpc.reset();
  });

  /** Each request from its own address, so the route's limit of 20 a minute stays out of the way. */
  const get = (url: string, headers: Record<string, string> = { authorization: `Bearer ${token}` }) =>
    gw.fastify.inject({ method: 'GET', url, headers, remoteAddress: `10.9.0.${++client}` });

  const startsRun = () => gw.rpc.on(HUB.start.pattern, () => ({ symbol: 'RELIANCE', company: 'Reliance Industries Ltd.', run_id: RUN_ID, agents: [...HUB_AGENTS], report: null }));
  const answersAgents = (delayMs: (agent: HubAgentName) => number = () => 0) =>
    gw.rpc.on(HUB.agent.pattern, async (payload) => {
      const { agent } = payload as { agent: HubAgentName };
      await new Promise((resolve) => setTimeout(resolve, delayMs(agent)));
      return agentResult(agent);
    });

  it('is for logged-in users: a visitor gets 401 and no service is asked', async () => {
    const response = await get('/api/hub/stream?symbol=RELIANCE', {});
    expect(response.statusCode).toBe(401);
    expect(gw.rpc.calls).toHaveLength(0);
  });

  it('writes an agent event as each agent finishes, then the report, as an uncompressed event stream', async () => {
    startsRun();
    answersAgents((agent) => (agent === 'technical' ? 60 : 0));
    gw.rpc.on(HUB.report.pattern, () => report());
    const response = await get('/api/hub/stream?symbol=reliance', { authorization: `Bearer ${token}`, 'accept-encoding': 'br, gzip' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache, no-transform');
    expect(response.headers['x-accel-buffering']).toBe('no');
    expect(response.headers['content-encoding']).toBeUndefined();
    const events = eventsOf(response.body);
    expect(events.map((event) => event.event)).toEqual(['agent', 'agent', 'agent', 'agent', 'agent', 'agent', 'report']);
    // The slow agent's event comes last: events are written as agents finish, not in a fixed order.
    expect((events[5]!.data as { agent: string }).agent).toBe('technical');
    expect(events[6]!.data).toEqual(report());
    expect(gw.rpc.lastCall(HUB.start.pattern)?.payload).toEqual({ symbol: 'RELIANCE', caller: { user_id: 'u-hub', session_id: 'sid-hub', is_admin: false, username: 'asha' } });
    expect(gw.rpc.calls.filter((call) => call.pattern === HUB.agent.pattern).map((call) => (call.payload as { run_id: string }).run_id)).toEqual(Array(6).fill(RUN_ID));
    expect(gw.rpc.lastCall(HUB.report.pattern)?.payload).toMatchObject({ symbol: 'RELIANCE', run_id: RUN_ID });
  });

  it('sends a kept report at once, its agents first, with one call to the chat service', async () => {
    gw.rpc.on(HUB.start.pattern, () => ({ symbol: 'RELIANCE', company: 'Reliance Industries Ltd.', run_id: null, agents: [...HUB_AGENTS], report: report(true) }));
    const response = await get('/api/hub/stream?symbol=RELIANCE');
    expect(eventsOf(response.body).map((event) => event.event)).toEqual([...Array(6).fill('agent'), 'report']);
    expect(gw.rpc.calls.map((call) => call.pattern)).toEqual([HUB.start.pattern]);
  });

  it('answers an unknown stock with a plain 404 and its sentence, before any event', async () => {
    gw.rpc.on(HUB.start.pattern, () => {
      throw new DomainError('not_found', 'Nivesh has no prices for NOSUCHCO. Check the NSE symbol and try again.');
    });
    const response = await get('/api/hub/stream?symbol=NOSUCHCO');
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual({ detail: 'Nivesh has no prices for NOSUCHCO. Check the NSE symbol and try again.', code: 'not_found' });
  });

  it('skips an agent whose call failed (the report runs it again), and ends with an error event when the report fails', async () => {
    startsRun();
    gw.rpc.on(HUB.agent.pattern, (payload) => {
      const { agent } = payload as { agent: HubAgentName };
      if (agent === 'valuation') throw new DomainError('service_unavailable', 'The chat service is unavailable. Please try again shortly.');
      return agentResult(agent);
    });
    gw.rpc.on(HUB.report.pattern, () => {
      throw new Error('redis exploded at 10.0.0.3');
    });
    const response = await get('/api/hub/stream?symbol=RELIANCE');
    const events = eventsOf(response.body);
    expect(events.filter((event) => event.event === 'agent')).toHaveLength(5);
    expect(events.at(-1)).toEqual({ event: 'error', data: { detail: REPORT_FAILED } });
  });

  describe('over a real connection', () => {
    let base = '';

    beforeAll(async () => {
      await gw.app.listen({ port: 0, host: '127.0.0.1' });
      base = `http://127.0.0.1:${(gw.fastify.server.address() as AddressInfo).port}`;
    });

    const open = (headers: Record<string, string>) =>
      new Promise<IncomingMessage>((resolve, reject) => {
        const request = httpRequest(`${base}/api/hub/stream?symbol=RELIANCE`, { headers: { authorization: `Bearer ${token}`, ...headers } }, resolve);
        request.on('error', reject);
        request.end();
      });

    it('sends each event when it is written, not when the stream ends, even to a client that accepts gzip', async () => {
      startsRun();
      answersAgents((agent) => (agent === 'news' ? 400 : 0));
      gw.rpc.on(HUB.report.pattern, () => report());
      const started = Date.now();
      const response = await open({ 'accept-encoding': 'gzip', 'x-forwarded-for': '10.9.1.1' });
      expect(response.headers['content-encoding']).toBeUndefined();
      const firstAgentAt = await new Promise<number>((resolve) => {
        let text = '';
        response.on('data', (chunk: Buffer) => {
          text += chunk.toString('utf8');
          if (text.includes('event: agent')) resolve(Date.now() - started);
        });
      });
      expect(firstAgentAt).toBeLessThan(300);
      await new Promise((resolve) => response.on('end', resolve));
    });

    it('stops when the client leaves: the report is never asked for', async () => {
      startsRun();
      answersAgents((agent) => (agent === 'news' ? 300 : 0));
      gw.rpc.on(HUB.report.pattern, () => report());
      const response = await open({ 'x-forwarded-for': '10.9.1.2' });
      await new Promise<void>((resolve) => {
        response.once('data', () => resolve());
      });
      response.destroy();
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(gw.rpc.calls.filter((call) => call.pattern === HUB.agent.pattern)).toHaveLength(6);
      expect(gw.rpc.lastCall(HUB.report.pattern)).toBeUndefined();
    });
  });
});

describe('sseEvent', () => {
  it('writes one event with its JSON on one data line, line breaks in texts escaped', () => {
    expect(sseEvent('agent', { text: 'two\nlines' })).toBe('event: agent\ndata: {"text":"two\\nlines"}\n\n');
  });
});
