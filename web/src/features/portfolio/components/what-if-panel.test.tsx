import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { deviceFingerprint } from '../../../lib/device-fingerprint';
import { reload, startSession } from '../../../lib/session';
import { LOGIN_VERIFIED, json, premiumStatus, stubFetch } from '../../../testing/fetch-mock';
import { renderRoutes } from '../../../testing/render';
import { WHAT_IF_TEXTS } from '../texts';
import { WHAT_IF, WHAT_IF_UNAVAILABLE, portfolioServer } from '../testing/fixtures';
import { WhatIfPanel } from './what-if-panel';

type Server = Parameters<typeof portfolioServer>[0];

const WHAT_IF_PATH = '/api/portfolio/what-if';
const PREMIUM = { premiumStatus: () => json(premiumStatus()) } satisfies Server;

/** The panel alone, under a router (the upsell links to /premium). */
const openPanel = (routes: Server = {}) => {
  const fetch = stubFetch(portfolioServer(routes));
  renderRoutes('/', [
    { path: '/', element: <WhatIfPanel /> },
    { path: '/premium', element: <h1>Premium page</h1> },
  ]);
  const panel = screen.getByRole('region', { name: WHAT_IF_TEXTS.title });
  return { ...fetch, panel };
};

const rowTexts = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((row) => Array.from(row.children).map((cell) => cell.textContent));

describe('WhatIfPanel', () => {
  beforeEach(() => {
    localStorage.clear();
    reload();
    startSession(LOGIN_VERIFIED);
  });

  it('tells a free account what the tool is and links to Premium, asking the server for nothing', async () => {
    const { panel, callsTo } = openPanel();
    const upsell = await within(panel).findByTestId('what-if-upsell');
    expect(upsell.textContent).toContain(WHAT_IF_TEXTS.upsellText);
    expect(within(panel).getByTestId('what-if-label').textContent).toBe('An educational illustration, not advice');
    fireEvent.click(within(upsell).getByRole('link', { name: WHAT_IF_TEXTS.seePremium }));
    expect(await screen.findByRole('heading', { name: 'Premium page' })).toBeTruthy();
    expect(callsTo(WHAT_IF_PATH)).toHaveLength(0);
  });

  it('says premium is on another device instead of asking', async () => {
    const { panel, callsTo } = openPanel({ premiumStatus: () => json(premiumStatus({ device_allowed: false })) });
    expect((await within(panel).findByTestId('what-if-upsell')).textContent).toContain(WHAT_IF_TEXTS.conflict);
    expect(callsTo(WHAT_IF_PATH)).toHaveLength(0);
  });

  it('shows a premium user today’s weights beside both mixes with each one’s volatility, its window and assumptions', async () => {
    const { panel, callsTo } = openPanel(PREMIUM);
    const table = await within(panel).findByRole('table', { name: /two illustrative mixes/ });
    expect(rowTexts(table)).toEqual([
      ['Stock', 'Today', 'Minimum variance', 'Risk parity'],
      ['RELIANCEReliance Industries Ltd.', '29.8\u00a0%', '18.4\u00a0%', '23.3\u00a0%'],
      ['ITCITC Ltd.', '25.8\u00a0%', '42.2\u00a0%', '31.0\u00a0%'],
      ['INFYInfosys Ltd.', '22.6\u00a0%', '12.1\u00a0%', '20.3\u00a0%'],
      ['HDFCBANKHDFC Bank Ltd.', '21.8\u00a0%', '27.3\u00a0%', '25.4\u00a0%'],
      ['Volatility, a year', '12.8\u00a0%', '11.0\u00a0%', '12.4\u00a0%'],
    ]);
    expect(panel.textContent).toContain('Based on 247 daily returns, 28 Mar 2023 to 28 Mar 2024.');
    expect(panel.textContent).toContain(WHAT_IF_TEXTS.lead);
    const assumptions = within(panel).getByRole('region', { name: WHAT_IF_TEXTS.assumptionsTitle });
    expect(within(assumptions).getAllByRole('listitem').map((item) => item.textContent)).toEqual(WHAT_IF.assumptions);

    const [call] = callsTo(WHAT_IF_PATH);
    expect(call?.headers).toMatchObject({ Authorization: 'Bearer token-abc', 'x-device-fingerprint': deviceFingerprint() });
    expect(call?.headers['x-device-fingerprint']).toBeTruthy();
  });

  it('gives the server’s sentence when there is nothing to illustrate, with the assumptions still', async () => {
    const { panel } = openPanel({ ...PREMIUM, whatIf: () => json(WHAT_IF_UNAVAILABLE) });
    expect((await within(panel).findByTestId('what-if-unavailable')).textContent).toBe(WHAT_IF_UNAVAILABLE.unavailable);
    expect(within(panel).queryByRole('table')).toBeNull();
    expect(within(panel).getByRole('region', { name: WHAT_IF_TEXTS.assumptionsTitle })).toBeTruthy();
  });

  it('shows a refusal in the server’s words', async () => {
    const detail = 'Premium is in use on another device.';
    const { panel, callsTo } = openPanel({ ...PREMIUM, whatIf: () => json({ detail }, 403) });
    expect((await within(panel).findByRole('alert')).textContent).toContain(detail);
    await waitFor(() => expect(callsTo(WHAT_IF_PATH)).toHaveLength(1));
  });
});
