import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { deviceFingerprint } from '../../../lib/device-fingerprint';
import { reload, startSession } from '../../../lib/session';
import { LOGIN_VERIFIED, json, premiumStatus, stubFetch } from '../../../testing/fetch-mock';
import { renderRoutes } from '../../../testing/render';
import { ALERT_KIND_LABELS, ALERT_TEXTS, PORTFOLIO_TEXTS, WHAT_IF_TEXTS } from '../texts';
import { ALERTS, ALERT_LIST, portfolioServer } from '../testing/fixtures';
import { AlertsPanel } from './alerts-panel';

type Server = Parameters<typeof portfolioServer>[0];

const LIST = '/api/portfolio/alerts';
const PREMIUM = { premiumStatus: () => json(premiumStatus()) } satisfies Server;

/** The panel alone, under a router (its symbols link to the Technical Analysis page, the note to /premium). */
const openPanel = async (routes: Server = {}) => {
  const fetch = stubFetch(portfolioServer(routes));
  renderRoutes('/', [
    { path: '/', element: <AlertsPanel /> },
    { path: '/premium', element: <h1>Premium page</h1> },
  ]);
  const panel = screen.getByRole('region', { name: ALERT_TEXTS.title });
  await within(panel).findByTestId('alert-count');
  const form = within(panel).getByRole('form', { name: ALERT_TEXTS.formTitle });
  return { ...fetch, panel, form };
};

const posts = (calls: ReturnType<typeof stubFetch>['calls']) =>
  calls.filter((call) => call.url === LIST && call.method === 'POST');

/** Picks a stock in the form's picker as a visitor would: typing, then Enter on the best match. */
const pickStock = async (form: HTMLElement, typed: string) => {
  const picker = within(form).getByRole('combobox', { name: 'Stock' });
  await waitFor(() => expect((picker as HTMLInputElement).disabled).toBe(false));
  fireEvent.change(picker, { target: { value: typed } });
  fireEvent.keyDown(picker, { key: 'Enter' });
};

const chooseKind = (form: HTMLElement, label: string) => {
  const select = within(form).getByLabelText(ALERT_TEXTS.kind) as HTMLSelectElement;
  const option = within(select).getByRole('option', { name: label }) as HTMLOptionElement;
  fireEvent.change(select, { target: { value: option.value } });
};

const type = (form: HTMLElement, label: string, value: string) =>
  fireEvent.change(within(form).getByLabelText(label), { target: { value } });

const submit = (form: HTMLElement) => fireEvent.click(within(form).getByRole('button', { name: ALERT_TEXTS.submit }));

describe('AlertsPanel', () => {
  beforeEach(() => {
    localStorage.clear();
    reload();
    startSession(LOGIN_VERIFIED);
  });

  it('lists each alert in the server’s words with when it last fired and how it arrives, and how many are kept', async () => {
    const { panel, callsTo } = await openPanel();
    expect(within(panel).getByTestId('alert-count').textContent).toBe('3 of 5 alerts');
    expect(callsTo(LIST)[0]?.headers.Authorization).toBe('Bearer token-abc');
    const items = within(within(panel).getByRole('list', { name: ALERT_TEXTS.listLabel })).getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('.alert-description')?.textContent)).toEqual([
      'RELIANCERELIANCE closes above ₹3,000',
      'INFYINFY moves 5 % or more in a day, up or down',
      'HDFCBANKHDFCBANK’s 14-day RSI falls to 30Paused',
    ]);
    expect(items.map((item) => item.querySelector('.alert-meta')?.textContent)).toEqual([
      'Not fired yet · In the app and by e-mail',
      'Last fired on 12 Jan 2024 · In the app only',
      'Last fired on 18 Jan 2024 · In the app and by e-mail',
    ]);
    expect(items[2]!.textContent).toContain(ALERT_TEXTS.pausedNote);
    expect(within(items[0]!).getByRole('link', { name: 'RELIANCE' }).getAttribute('href')).toBe(
      '/technical-analysis?symbol=RELIANCE',
    );
  });

  it('sets a price alert with the level as typed and e-mail off, then shows the list the server answered', async () => {
    const { panel, form, calls } = await openPanel();
    await pickStock(form, 'TCS');
    chooseKind(form, ALERT_KIND_LABELS.price_below);
    type(form, ALERT_TEXTS.level, '3,850.50');
    fireEvent.click(within(form).getByLabelText(ALERT_TEXTS.email));
    submit(form);
    await waitFor(() => expect(within(panel).getByTestId('alert-count').textContent).toBe('4 of 5 alerts'));
    expect(posts(calls)).toEqual([
      expect.objectContaining({
        body: { symbol: 'TCS', rule: { kind: 'price_below', params: { level: 3850.5 } }, email: false },
      }),
    ]);
    // Only the premium kinds carry the device.
    expect(posts(calls)[0]?.headers['x-device-fingerprint']).toBeUndefined();
    expect(within(panel).getByText('TCS alert set')).toBeTruthy();
    expect((within(form).getByLabelText(ALERT_TEXTS.level) as HTMLInputElement).value).toBe('');
  });

  it('sets a day’s move with its direction, and a new 52-week high with no figure at all', async () => {
    const { form, calls } = await openPanel();
    await pickStock(form, 'INFY');
    chooseKind(form, ALERT_KIND_LABELS.move_pct);
    type(form, ALERT_TEXTS.move, '4.5');
    fireEvent.change(within(form).getByLabelText(ALERT_TEXTS.moveDirection), { target: { value: 'down' } });
    submit(form);
    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(posts(calls)[0]?.body).toEqual({
      symbol: 'INFY',
      rule: { kind: 'move_pct', params: { threshold_pct: 4.5, direction: 'down' } },
      email: true,
    });

    await pickStock(form, 'ITC');
    chooseKind(form, ALERT_KIND_LABELS.high_52w);
    expect(within(form).queryByLabelText(ALERT_TEXTS.level)).toBeNull();
    submit(form);
    await waitFor(() => expect(posts(calls)).toHaveLength(2));
    expect(posts(calls)[1]?.body).toEqual({ symbol: 'ITC', rule: { kind: 'high_52w', params: {} }, email: true });
  });

  it('says what is missing before sending anything', async () => {
    const { panel, form, calls } = await openPanel();
    submit(form);
    expect(within(await within(panel).findByRole('alert')).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      PORTFOLIO_TEXTS.chooseStock,
      ALERT_TEXTS.enterLevel,
    ]);
    chooseKind(form, ALERT_KIND_LABELS.move_pct);
    type(form, ALERT_TEXTS.move, '150');
    await pickStock(form, 'TCS');
    submit(form);
    await waitFor(() => expect(within(panel).getByRole('alert').textContent).toBe(ALERT_TEXTS.enterMove));
    expect(posts(calls)).toHaveLength(0);
  });

  it('marks RSI alerts Premium and keeps them out of a free account’s reach, pointing to Premium', async () => {
    const { form } = await openPanel();
    const rsi = within(form).getByRole('option', { name: ALERT_KIND_LABELS.rsi_cross }) as HTMLOptionElement;
    expect(rsi.textContent).toContain('(Premium)');
    expect(rsi.disabled).toBe(true);
    const note = within(form).getByTestId('alert-premium-note');
    expect(note.textContent).toContain('RSI alerts are part of Nivesh Premium (₹200 per month), with up to 50 alerts instead of 5.');
    fireEvent.click(within(note).getByRole('link', { name: ALERT_TEXTS.seePremium }));
    expect(await screen.findByRole('heading', { name: 'Premium page' })).toBeTruthy();
  });

  it('tells an account whose premium is on another device how to move it here, without asking it to pay again', async () => {
    const { form } = await openPanel({ premiumStatus: () => json(premiumStatus({ device_allowed: false })) });
    const note = within(form).getByTestId('alert-premium-note');
    await waitFor(() => expect(note.textContent).toContain(ALERT_TEXTS.conflict));
    expect(note.textContent).not.toContain('₹200');
    expect(within(note).getByRole('link', { name: ALERT_TEXTS.seePremium }).getAttribute('href')).toBe('/premium');
    expect((within(form).getByRole('option', { name: ALERT_KIND_LABELS.rsi_cross }) as HTMLOptionElement).disabled).toBe(true);
  });

  it('lets a premium user set an RSI alert, sending the device’s fingerprint with it', async () => {
    const { form, calls } = await openPanel({ ...PREMIUM, alerts: () => json({ ...ALERTS, limit: 50, is_premium: true }) });
    const rsi = within(form).getByRole('option', { name: ALERT_KIND_LABELS.rsi_cross }) as HTMLOptionElement;
    await waitFor(() => expect(rsi.disabled).toBe(false));
    expect(within(form).queryByTestId('alert-premium-note')).toBeNull();
    await pickStock(form, 'RELIANCE');
    chooseKind(form, ALERT_KIND_LABELS.rsi_cross);
    fireEvent.change(within(form).getByLabelText(ALERT_TEXTS.rsiLevel), { target: { value: '30' } });
    fireEvent.change(within(form).getByLabelText(ALERT_TEXTS.rsiDirection), { target: { value: 'below' } });
    submit(form);
    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(posts(calls)[0]?.body).toEqual({
      symbol: 'RELIANCE',
      rule: { kind: 'rsi_cross', params: { level: 30, direction: 'below' } },
      email: true,
    });
    expect(posts(calls)[0]?.headers['x-device-fingerprint']).toBe(deviceFingerprint());
  });

  it('shows the server’s refusal as it is', async () => {
    const detail = 'You have 5 alerts, the most a free account keeps.';
    const { panel, form } = await openPanel({ createAlert: () => json({ detail }, 409) });
    await pickStock(form, 'TCS');
    chooseKind(form, ALERT_KIND_LABELS.high_52w);
    submit(form);
    expect((await within(panel).findByRole('alert')).textContent).toBe(`${ALERT_TEXTS.notSet} ${detail}`);
    expect(within(panel).getByTestId('alert-count').textContent).toBe('3 of 5 alerts');
  });

  it('tells a full account so, and sends nothing', async () => {
    const full = [...ALERT_LIST, { ...ALERT_LIST[0]!, id: 'al-4' }, { ...ALERT_LIST[1]!, id: 'al-5' }];
    const { panel, form, calls } = await openPanel({ alerts: () => json({ ...ALERTS, alerts: full }) });
    expect(within(panel).getByTestId('alert-count').textContent).toBe('5 of 5 alerts');
    expect(within(panel).getByTestId('alerts-full').textContent).toBe(
      'You have 5 alerts, the most a free account keeps: delete one to set another. Premium keeps up to 50.',
    );
    const button = within(form).getByRole('button', { name: ALERT_TEXTS.submit }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(posts(calls)).toHaveLength(0);
  });

  it('says there are no alerts yet', async () => {
    const { panel } = await openPanel({ alerts: () => json({ ...ALERTS, alerts: [] }) });
    expect(within(panel).getByTestId('alert-count').textContent).toBe('0 of 5 alerts');
    expect(within(panel).getByText(ALERT_TEXTS.none)).toBeTruthy();
  });

  it('deletes an alert only after asking, and shows a refusal in the dialog', async () => {
    const detail = 'That alert no longer exists.';
    let refuse = true;
    const { panel, callsTo } = await openPanel({
      deleteAlert: (call) =>
        refuse
          ? json({ detail }, 404)
          : json({ ...ALERTS, alerts: ALERT_LIST.filter((entry) => entry.id !== (call.body as { id: string }).id) }),
    });
    const button = within(panel).getByRole('button', { name: 'Delete the alert: INFY moves 5 % or more in a day, up or down' });
    fireEvent.click(button);
    const dialog = await screen.findByRole('dialog', { name: ALERT_TEXTS.deleteTitle });
    expect(dialog.textContent).toContain(`INFY moves 5 % or more in a day, up or down. ${ALERT_TEXTS.deleteBody}`);
    fireEvent.click(within(dialog).getByRole('button', { name: PORTFOLIO_TEXTS.deleteCancel }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsTo('/api/portfolio/alerts/delete')).toHaveLength(0);

    fireEvent.click(button);
    const again = await screen.findByRole('dialog', { name: ALERT_TEXTS.deleteTitle });
    fireEvent.click(within(again).getByRole('button', { name: PORTFOLIO_TEXTS.deleteConfirm }));
    expect((await within(again).findByRole('alert')).textContent).toBe(`${PORTFOLIO_TEXTS.notDeleted} ${detail}`);

    refuse = false;
    fireEvent.click(within(again).getByRole('button', { name: PORTFOLIO_TEXTS.deleteConfirm }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsTo('/api/portfolio/alerts/delete').map((call) => call.body)).toEqual([{ id: 'al-2' }, { id: 'al-2' }]);
    expect(within(panel).getByTestId('alert-count').textContent).toBe('2 of 5 alerts');
  });

  it('shows on /portfolio between the what-if and the watchlists', async () => {
    stubFetch(portfolioServer());
    renderRoutes('/portfolio');
    const alerts = await screen.findByRole('region', { name: ALERT_TEXTS.title }, { timeout: 5000 });
    const watchlists = screen.getByRole('region', { name: PORTFOLIO_TEXTS.watchlistsTitle });
    const whatIf = await screen.findByRole('region', { name: WHAT_IF_TEXTS.title });
    expect(whatIf.compareDocumentPosition(alerts) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(alerts.compareDocumentPosition(watchlists) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(await within(alerts).findByTestId('alert-count')).toBeTruthy();
  });
});
