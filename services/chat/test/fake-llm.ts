import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

type Recording = { when: string; content: string };
type ChatRequest = { model: string; messages: { role: string; content: string }[] };

const RECORDINGS: Recording[] = (JSON.parse(readFileSync(path.join(__dirname, 'fixtures/llm-recordings.json'), 'utf8')) as { recordings: Recording[] })
  .recordings;

/** How the fake provider behaves: replay recordings, answer too late, or fail. */
export type FakeLlmMode = 'replay' | 'slow' | 'error';

export type FakeLlm = {
  /** The base URL to configure as LLM_BASE_URL. */
  url: string;
  /** Every chat-completions request received, in order. */
  requests: ChatRequest[];
  mode: FakeLlmMode;
  close: () => Promise<void>;
};

const readBody = async (request: IncomingMessage): Promise<string> => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};

const completion = (model: string, content: string) => ({
  id: `chatcmpl-fake-${Date.now()}`,
  object: 'chat.completion',
  created: Math.floor(Date.now() / 1000),
  model,
  choices: [{ index: 0, message: { role: 'assistant', content, refusal: null }, logprobs: null, finish_reason: 'stop' }],
  usage: { prompt_tokens: 100, completion_tokens: 50, total_tokens: 150 },
});

const PLAIN = 'Diversification means spreading money across companies and sectors so that one fall hurts less.';

/**
 * What a model that keeps to its rules says when no recording matches: the first sentence of the first guide it was
 * given, citing it; or that it has no guide, when it was given none.
 */
const groundedAnswer = (system: string): string => {
  const guide = /Guide “([^”]+)”:\n([^\n]+)/.exec(system);
  // Other callers (AI News's summaries) send no guides: a plain sentence.
  if (!guide && !system.includes('No guide of Warren AI answers this question.')) return PLAIN;
  if (!guide) return 'I don’t have a guide on that yet.';
  const first = guide[2]!.split(/(?<=[.!?])\s/)[0]!;
  return `${first}\n\nSource: Warren AI’s guide “${guide[1]}”.`;
};

/**
 * A local OpenAI-compatible chat-completions server (POST /v1/chat/completions) that replays recorded answers: the
 * first recording whose `when` occurs in the last user message, else an answer from the guide it was sent.
 */
export const startFakeLlm = async (): Promise<FakeLlm> => {
  const requests: ChatRequest[] = [];
  const state: FakeLlm = { url: '', requests, mode: 'replay', close: async () => undefined };
  const server: Server = createServer((request, response) => {
    void (async () => {
      const body = JSON.parse(await readBody(request)) as ChatRequest;
      if (request.method !== 'POST' || !request.url?.endsWith('/chat/completions')) {
        response.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'Not found' } }));
        return;
      }
      requests.push(body);
      if (state.mode === 'error') {
        response.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'The server had an error', type: 'server_error' } }));
        return;
      }
      if (state.mode === 'slow') await new Promise((resolve) => setTimeout(resolve, 3_000));
      const question = (body.messages.filter((message) => message.role === 'user').at(-1)?.content ?? '').toLowerCase();
      const recording = RECORDINGS.find((candidate) => question.includes(candidate.when));
      const content = recording?.content ?? groundedAnswer(body.messages[0]?.content ?? '');
      if (!response.destroyed) response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(completion(body.model, content)));
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  state.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return state;
};
