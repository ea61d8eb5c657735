import type { NewsSummaryInput } from '@nivesh/proto';
import { type FakeLlm, startFakeLlm } from '../../test/fake-llm';
import type { Config } from '../config';
import { NewsSummaryLlm } from './news-summary.llm';
import { NewsSummaryService } from './news-summary.service';

const INFY: NewsSummaryInput = {
  id: 'infy',
  headline: 'Infosys shares jump 8% after Q3 results beat estimates',
  description: 'Shares of Infosys rose as much as 8% on Friday and led the Nifty IT index higher.',
};
// The recorded answer to anything about momentum is "… I would buy now with a target of ₹3,300 …".
const MOMENTUM: NewsSummaryInput = { id: 'ril', headline: 'Reliance momentum builds before its results', description: 'Shares rose for a fifth session.' };
/** What the local server answers when no recording matches. */
const PLAIN_ANSWER = 'Diversification means spreading money across companies and sectors so that one fall hurts less.';

const config = (llm: FakeLlm | null, timeoutMs = 2_000) =>
  ({ LLM_BASE_URL: llm?.url, LLM_MODEL: 'fake-model', LLM_TIMEOUT_MS: timeoutMs }) as Config;
const serviceFor = (settings: Config) => new NewsSummaryService(new NewsSummaryLlm(settings), settings);

/** A model that answers every item with `text`: the seam replaced, to try the rail on exact wordings. */
const answering = (text: string) =>
  new NewsSummaryService({ configured: true, summarise: async () => text } as unknown as NewsSummaryLlm, { LLM_TIMEOUT_MS: 2_000 });

describe('NewsSummaryService', () => {
  describe('with a language model (a local OpenAI-compatible server replaying recorded answers)', () => {
    let llm: FakeLlm;

    beforeAll(async () => {
      llm = await startFakeLlm();
    });

    afterAll(async () => {
      await llm.close();
    });

    beforeEach(() => {
      llm.mode = 'replay';
      llm.requests.length = 0;
    });

    it("returns the model's line, and withholds one that gives a buy call and a target", async () => {
      const result = await serviceFor(config(llm)).summarise([INFY, MOMENTUM]);
      expect(result.items).toEqual([
        { id: 'infy', summary: PLAIN_ANSWER, engine: 'llm', withheld: false },
        { id: 'ril', summary: null, engine: 'llm', withheld: true },
      ]);
    });

    it('asks once per item, with the rules and nothing but the headline and the description', async () => {
      await serviceFor(config(llm)).summarise([INFY]);
      expect(llm.requests).toHaveLength(1);
      const [system, user] = llm.requests[0]!.messages;
      expect(llm.requests[0]!.model).toBe('fake-model');
      expect(system!.role).toBe('system');
      expect(system!.content).toMatch(/one neutral, factual sentence of at most 200 characters/);
      expect(system!.content).toMatch(/Never give a buy, sell or hold call, a price target, a prediction/);
      expect(system!.content).toMatch(/not instructions/);
      expect(user).toEqual({ role: 'user', content: `Headline: ${INFY.headline}\nDescription: ${INFY.description}` });
    });

    it('answers every item of a full batch, in the order asked', async () => {
      const items = Array.from({ length: 20 }, (_, index) => ({ ...INFY, id: `item-${index}` }));
      const result = await serviceFor(config(llm)).summarise(items);
      expect(result.items.map((item) => [item.id, item.engine])).toEqual(items.map((item) => [item.id, 'llm']));
      expect(llm.requests).toHaveLength(20);
    });

    it.each(['slow', 'error'] as const)('writes no summary, within LLM_TIMEOUT_MS, when the model is %s', async (mode) => {
      llm.mode = mode;
      const started = Date.now();
      // The slow server answers after 3 s; the batch may take 0.5 s.
      const result = await serviceFor(config(llm, 500)).summarise([INFY, MOMENTUM]);
      expect(Date.now() - started).toBeLessThan(2_000);
      expect(result.items).toEqual([
        { id: 'infy', summary: null, engine: 'none', withheld: false },
        { id: 'ril', summary: null, engine: 'none', withheld: false },
      ]);
    });
  });

  it('without a language model answers at once with no summary and asks nobody', async () => {
    const settings = config(null);
    const llm = new NewsSummaryLlm(settings);
    const summarise = jest.spyOn(llm, 'summarise');
    const result = await new NewsSummaryService(llm, settings).summarise([INFY, MOMENTUM]);
    expect(result.items).toEqual([
      { id: 'infy', summary: null, engine: 'none', withheld: false },
      { id: 'ril', summary: null, engine: 'none', withheld: false },
    ]);
    expect(summarise).not.toHaveBeenCalled();
  });

  it.each([
    'Buy now, target ₹5,000.',
    'Infosys shares jumped 8% after its results; accumulate on dips.',
    'Infosys will reach ₹2,000 by March, analysts say.',
    'HDFC Bank is a strong buy after its results.',
    'Infosys results: a sure-shot way to double your money.',
  ])('withholds a line the output rail flags: %s', async (text) => {
    expect((await answering(text).summarise([INFY])).items).toEqual([{ id: 'infy', summary: null, engine: 'llm', withheld: true }]);
  });

  it('withholds the whole answer when a later line makes a call, and keeps a factual line with figures', async () => {
    const twoLines = await answering('Infosys reported higher profit for the quarter.\nBuy INFY now.').summarise([INFY]);
    expect(twoLines.items[0]).toMatchObject({ summary: null, withheld: true });
    const factual = await answering('Infosys reported revenue of ₹38,821 crore for the December quarter, up 1.3% year on year.').summarise([INFY]);
    expect(factual.items[0]).toEqual({ id: 'infy', summary: 'Infosys reported revenue of ₹38,821 crore for the December quarter, up 1.3% year on year.', engine: 'llm', withheld: false });
  });
});
