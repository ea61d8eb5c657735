import { HubReportSchema } from '@nivesh/proto';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { LOGIN_VERIFIED, json, notFound, stubFetch } from '../../../testing/fetch-mock';
import type { FetchCall } from '../../../testing/fetch-mock';
import { renderRoutes } from '../../../testing/render';
import { reload, startSession } from '../../../lib/session';
import { REGISTERED_COMPLIANCE } from '../../../testing/compliance';
import { HUB_TEXTS } from '../texts';
import { RELIANCE_REPORT, agentOf, eventStream, timedOut } from '../testing/fixtures';

const SYMBOLS = [
  { symbol: 'RELIANCE', company: 'Reliance Industries Ltd.', industry: 'ENERGY', isin: 'INE002A01018', first_date: '2000-01-03', last_date: '2024-03-28' },
  { symbol: 'INFY', company: 'Infosys Ltd.', industry: 'INFORMATION TECHNOLOGY', isin: 'INE009A01021', first_date: '2000-01-03', last_date: '2024-03-28' },
];

type Stream = ReturnType<typeof eventStream>;

/** The page with a server whose hub streams are made by the test, one per request, in order. */
const openPage = (path = '/multi-agent?symbol=RELIANCE', { compliance }: { compliance?: unknown } = {}) => {
  const streams: Stream[] = [];
  const fetch = stubFetch((call: FetchCall) => {
    if (call.url === '/api/market/symbols') return json(SYMBOLS);
    if (call.url === '/api/system/compliance' && compliance) return json(compliance);
    if (call.url.startsWith('/api/hub/stream?')) {
      const stream = eventStream();
      streams.push(stream);
      return stream.response;
    }
    return notFound();
  });
  return { ...fetch, ...renderRoutes(path), streams };
};

const card = (name: string) => screen.getByRole('article', { name: `${name} agent` });
const hubCalls = (calls: FetchCall[]) => calls.filter((call) => call.url.startsWith('/api/hub/stream?'));

describe('Intelligence Hub page', () => {
  beforeEach(() => {
    localStorage.clear();
    reload();
  });

  it('asks visitors to log in, and asks the server nothing', async () => {
    const { calls } = openPage();
    expect(await screen.findByText(HUB_TEXTS.loginPrompt, {}, { timeout: 5000 })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: HUB_TEXTS.loginButton }));
    expect(await screen.findByRole('dialog')).toBeTruthy();
    expect(hubCalls(calls)).toEqual([]);
  });

  describe('logged in', () => {
    beforeEach(() => {
      startSession(LOGIN_VERIFIED);
    });

    it('fills in each agent’s card as its event arrives, then the report, with the bearer token on the stream', async () => {
      const { calls, streams } = openPage();
      await waitFor(() => expect(streams).toHaveLength(1), { timeout: 5000 });
      const [call] = hubCalls(calls);
      expect(call!.url).toBe('/api/hub/stream?symbol=RELIANCE');
      expect(call!.headers).toMatchObject({ Accept: 'text/event-stream', Authorization: 'Bearer token-abc' });

      // Every card is there from the start, working.
      for (const name of ['Technical', 'Sentiment', 'Risk', 'Valuation', 'Forecast', 'News']) expect(within(card(name)).getByText('Working...')).toBeTruthy();
      expect(screen.getByText(HUB_TEXTS.waitingForReport)).toBeTruthy();

      const stream = streams[0]!;
      await act(async () => {
        stream.write(': Intelligence Hub: RELIANCE\n\n');
        stream.send('agent', agentOf('risk'));
      });
      const risk = card('Risk');
      await within(risk).findByText('Done');
      expect(within(risk).getByText('Low risk figures')).toBeTruthy();
      expect(within(risk).getByText('Leans positive')).toBeTruthy();
      expect(risk.textContent).toContain('The deepest fall from a high over 29 Mar 2023 to 28 Mar 2024 was −21.65%, from the high of 19 Jul 2023 to the low of 26 Oct 2023.');
      expect(within(risk).getAllByText(HUB_TEXTS.doesNotMean).length).toBeGreaterThan(0);
      expect(within(card('Technical')).getByText('Working...')).toBeTruthy();
      expect(screen.getByText('1 of 6 agents have answered.')).toBeTruthy();

      await act(async () => {
        stream.send('agent', agentOf('technical'));
        stream.send('agent', timedOut('valuation'));
      });
      const valuation = card('Valuation');
      await within(valuation).findByText('Ran out of time');
      expect(valuation.textContent).toContain('The valuation agent did not finish within 1.5 seconds, so this report leaves its part out.');

      await act(async () => {
        stream.send('report', RELIANCE_REPORT);
        stream.end();
      });
      const report = await screen.findByRole('region', { name: 'Report: Reliance Industries Ltd. (RELIANCE)' });
      expect(report.textContent).toContain(RELIANCE_REPORT.summary);
      expect(within(report).getByRole('heading', { name: HUB_TEXTS.disagreementsTitle })).toBeTruthy();
      expect(report.textContent).toContain('The price has been rising while the stock became dearer than its own history or its peers.');
      expect(within(report).getByTestId('hub-compliance').textContent).toBe(RELIANCE_REPORT.compliance.note);
      expect(within(report).queryByTestId('ai-note-hub')).toBeNull();
      // The report's agents are the final word: the valuation card now shows what the report holds.
      expect(within(card('Valuation')).getByText('Done')).toBeTruthy();
      expect(within(card('News')).getByText('No data')).toBeTruthy();
      expect(within(card('News')).getByText('News and events are not available to the Hub yet, so this report has no news part.')).toBeTruthy();
    });

    it('shows how the report was made: each agent’s inputs with their sources, dates and times', async () => {
      const { streams } = openPage();
      await waitFor(() => expect(streams).toHaveLength(1), { timeout: 5000 });
      await act(async () => {
        for (const result of RELIANCE_REPORT.agents) streams[0]!.send('agent', result);
        streams[0]!.send('report', RELIANCE_REPORT);
        streams[0]!.end();
      });
      const summary = await screen.findByText(HUB_TEXTS.howMadeTitle);
      fireEvent.click(summary);
      const technical = screen.getByRole('region', { name: 'How the Technical agent worked' });
      expect(technical.textContent).toContain('Started after 3 ms; took 60 ms of its 1,500 ms.');
      const inputs = within(technical).getByRole('list', { name: 'What the agent read: Technical agent' });
      expect(within(inputs).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
        'Technical summary/api/market/summary?symbol=RELIANCEData as of 28 Mar 2024; read in 40 ms',
        'Indicators, 1 year/api/market/indicators?symbol=RELIANCE&range=1yData as of 28 Mar 2024; read in 41 ms',
      ]);
      const howMade = summary.closest('details')!;
      expect(howMade.textContent).toContain('Made from market data version 7 on 29 Mar 2024 in 212 ms; each agent had 1,500 ms.');
      expect(within(howMade).getByRole('region', { name: 'How the News agent worked' }).textContent).toContain('It read nothing.');
    });

    it('under the registered profile says what of the report is automated and what was measured of it', async () => {
      const { streams } = openPage('/multi-agent?symbol=RELIANCE', { compliance: REGISTERED_COMPLIANCE });
      await waitFor(() => expect(streams).toHaveLength(1), { timeout: 5000 });
      await act(async () => {
        streams[0]!.send('report', RELIANCE_REPORT);
        streams[0]!.end();
      });
      const report = await screen.findByRole('region', { name: 'Report: Reliance Industries Ltd. (RELIANCE)' });
      const ai = REGISTERED_COMPLIANCE.ai.find((surface) => surface.surface === 'hub')!;
      expect((await within(report).findByTestId('ai-note-hub')).textContent).toBe(`${ai.automated} ${ai.measured}`);
    });

    it('says why when the report cannot be built', async () => {
      const { streams } = openPage();
      await waitFor(() => expect(streams).toHaveLength(1), { timeout: 5000 });
      await act(async () => {
        streams[0]!.send('agent', agentOf('risk'));
        streams[0]!.send('error', { detail: 'The chat service is unavailable. Please try again shortly.' });
        streams[0]!.end();
      });
      expect((await screen.findByRole('alert')).textContent).toBe('Could not build the report on RELIANCE: The chat service is unavailable. Please try again shortly.');
      expect(within(card('Risk')).getByText('Done')).toBeTruthy();
    });

    it('stops the stream in flight when another stock is picked, and streams that one', async () => {
      const { calls, streams } = openPage();
      await waitFor(() => expect(streams).toHaveLength(1), { timeout: 5000 });
      const input = screen.getByRole<HTMLInputElement>('combobox', { name: 'Stock' });
      // The picker opens for typing once the stocks have loaded.
      await waitFor(() => expect(input.disabled).toBe(false));
      fireEvent.change(input, { target: { value: 'inf' } });
      fireEvent.click(await screen.findByRole('option', { name: 'INFY — Infosys Ltd.' }));
      await waitFor(() => expect(streams).toHaveLength(2));
      expect(hubCalls(calls).map((call) => call.url)).toEqual(['/api/hub/stream?symbol=RELIANCE', '/api/hub/stream?symbol=INFY']);
      expect(hubCalls(calls)[0]!.signal?.aborted).toBe(true);
      expect(hubCalls(calls)[1]!.signal?.aborted).toBe(false);
    });

    it('runs again on request', async () => {
      const { streams } = openPage();
      await waitFor(() => expect(streams).toHaveLength(1), { timeout: 5000 });
      await act(async () => {
        streams[0]!.send('report', { ...RELIANCE_REPORT, cached: true });
        streams[0]!.end();
      });
      expect(await screen.findByText(HUB_TEXTS.cached)).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: HUB_TEXTS.runAgain }));
      await waitFor(() => expect(streams).toHaveLength(2));
    });

    it('says plainly when the server refuses the stock', async () => {
      stubFetch((call) => {
        if (call.url === '/api/market/symbols') return json(SYMBOLS);
        if (call.url.startsWith('/api/hub/stream?')) return json({ detail: 'Too many requests. Please try again later.', code: 'rate_limited' }, 429);
        return notFound();
      });
      renderRoutes('/multi-agent?symbol=INFY');
      expect((await screen.findByRole('alert', {}, { timeout: 5000 })).textContent).toBe('Could not build the report on INFY: Too many requests. Please try again later.');
    });
  });

  it('has a report fixture that is a valid answer', () => {
    expect(HubReportSchema.safeParse(RELIANCE_REPORT).success).toBe(true);
  });
});
