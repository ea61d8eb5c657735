import { spawn } from 'node:child_process';
import path from 'node:path';
import { type FakeLlm, startFakeLlm } from './fake-llm';

const ROOT = path.resolve(__dirname, '../../..');

/** Runs `npm run eval:chat -- --llm` against a model at `url`; its output and exit code. */
const evalWithLlm = (url: string): Promise<{ code: number | null; output: string }> =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(ROOT, 'scripts/eval-chat.mjs'), '--llm'], {
      cwd: ROOT,
      env: { ...process.env, LLM_BASE_URL: url, LLM_MODEL: 'fake-model', LLM_TIMEOUT_MS: '5000' },
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
  });

describe('npm run eval:chat -- --llm, against the fake OpenAI-compatible server', () => {
  let llm: FakeLlm;

  beforeAll(async () => {
    llm = await startFakeLlm();
  });

  afterAll(async () => {
    await llm?.close();
  });

  it('asks the model every labelled question with the guide the retrieval is sure of, and scores the guides it cites', async () => {
    const { code, output } = await evalWithLlm(llm.url);
    const line = /on topic ([\d.]+) % \((\d+)\/(\d+)\), honest abstentions (\d+)\/(\d+), wrong topic ([\d.]+) %/.exec(output);
    expect(line).not.toBeNull();
    const [, onTopic, , asked, honest, none, wrong] = line!.map(Number);
    expect(asked).toBeGreaterThanOrEqual(400);
    // The fake keeps to its rules (it explains from the guide it was sent, or says it has none), so it scores what the
    // retrieval does: the floors are this retrieval's own cross-validated figures, less a margin.
    expect(onTopic).toBeGreaterThanOrEqual(70);
    expect(wrong).toBeLessThanOrEqual(10);
    expect(honest).toBeGreaterThanOrEqual(none! / 2);
    expect(llm.requests.length).toBeGreaterThanOrEqual(asked!);
    expect(llm.requests.every((request) => request.model === 'fake-model')).toBe(true);
    expect([0, 1]).toContain(code);
  }, 120_000);
});
