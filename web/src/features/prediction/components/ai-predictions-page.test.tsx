import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { FanChartProps } from './fan-chart';
import type { FetchCall } from '../../../testing/fetch-mock';
import { json, never, stubFetch } from '../../../testing/fetch-mock';
import { LOGIN_VERIFIED, PREMIUM_UNTIL, premiumStatus } from '../../../testing/fetch-mock';
import { renderRoutes } from '../../../testing/render';
import { reload, startSession } from '../../../lib/session';
import { LONG_HORIZON_TOOL, PREDICTION_TEXTS, PREMIUM_HORIZON_TEXTS, TRENDVISION_TEXTS } from '../texts';
import { EDUCATION_COMPLIANCE, REGISTERED_COMPLIANCE } from '../../../testing/compliance';
import { FORECAST_DATES, ILLUSTRATION_DATES, PREMIUM_FORECAST_DATES, forecastOf, historyOf, illustratedForecastOf, predictionServer } from '../testing/fixtures';

// jsdom has no canvas: the lazily loaded chart is replaced by what the page hands it.
vi.mock('./fan-chart-canvas', () => ({
  default: ({ history, forecast, actual }: FanChartProps) => (
    <div
      data-testid="fan-canvas"
      data-history={history.length}
      data-from={history[0]?.date}
      data-to={history.at(-1)?.date}
      data-last-close={history.at(-1)?.value}
      data-forecast={forecast.forecast.length}
      data-actual={actual ? JSON.stringify(actual) : undefined}
    />
  ),
}));

const openForm = async (path = '/ai-predictions') => {
  const view = renderRoutes(path);
  // The first test loads the page's lazy chunk, which can take more than the default second on a busy machine.
  const form = await screen.findByRole('region', { name: 'Forecast a stock' }, { timeout: 5000 });
  const input = within(form).getByRole('combobox', { name: 'Ticker symbol' }) as HTMLInputElement;
  // The field opens for typing once the list of stocks is in.
  await waitFor(() => expect(input.disabled).toBe(false));
  return {
    ...view,
    form,
    input,
    /** Presses Predict as a pointer does: down (the button takes the focus from the field) and up, then the click. */
    submit: () => {
      const button = within(form).getByRole('button', { name: 'Predict' });
      fireEvent.mouseDown(button);
      button.focus();
      fireEvent.mouseUp(button);
      fireEvent.click(button);
    },
  };
};

/** Types into the stock field, as a person does before pressing Predict. */
const type = (input: HTMLElement, text: string) => fireEvent.change(input, { target: { value: text } });

const predictWith = (answer: (call: FetchCall) => Response | Promise<Response>) => stubFetch(predictionServer({ predict: answer }));

const historyCalls = (calls: FetchCall[]) => calls.filter((call) => call.url.startsWith('/api/market/history?')).map((call) => call.url);

describe('TrendVision prediction form', () => {
  beforeEach(() => {
    localStorage.clear();
    reload();
  });

  it('has one field for the stock, and Predict forecasts what it shows: a pick, a typed name, never a stock it no longer shows', async () => {
    const { callsTo } = predictWith((call) => json(forecastOf((call.body as { ticker: string }).ticker)));
    const { form, input, submit, router } = await openForm();
    // No second box to disagree with the stock picked.
    expect(within(form).getAllByRole('combobox')).toHaveLength(1);
    expect(within(form).queryAllByRole('textbox')).toHaveLength(0);

    fireEvent.change(input, { target: { value: 'tcs' } });
    fireEvent.click(screen.getByRole('option', { name: 'TCS — Tata Consultancy Services Ltd.' }));
    expect(await screen.findByRole('heading', { level: 2, name: /\(TCS\): the next 10 trading days/ })).toBeTruthy();

    // Cleared and Predict pressed, the field shows TCS again and Predict asks for nothing new: no 'Please enter…'.
    type(input, '');
    submit();
    expect(input.value).toBe('TCS — Tata Consultancy Services Ltd.');
    expect(screen.queryByRole('alert')).toBeNull();

    // A name typed and Predict pressed forecasts the best match.
    type(input, 'infos');
    submit();
    expect(await screen.findByRole('heading', { level: 2, name: 'Infosys Ltd. (INFY): the next 10 trading days' })).toBeTruthy();
    expect(input.value).toBe('INFY — Infosys Ltd.');
    expect(router.state.location.search).toBe('?symbol=INFY');
    expect(callsTo('/predict').map((call) => call.body)).toEqual([{ ticker: 'TCS' }, { ticker: 'INFY' }]);
  });

  it("says 'Please enter a ticker symbol' when the field shows no stock, whatever was typed or is in the address", async () => {
    const { callsTo } = predictWith(() => json({ detail: 'No stock with the symbol NOPE.' }, 404));
    const { input, submit } = await openForm();
    type(input, 'zzz');
    submit();
    expect(input.value).toBe('');
    expect(screen.getByRole('alert').textContent).toBe(PREDICTION_TEXTS.emptyTicker);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(callsTo('/predict')).toHaveLength(0);
  });

  it("refuses an empty ticker with 'Please enter a ticker symbol' and sends nothing", async () => {
    const { callsTo } = predictWith(() => json({ detail: 'Not found' }, 404));
    const { input, submit } = await openForm();
    type(input, '   ');
    submit();
    expect(screen.getByRole('alert').textContent).toBe(PREDICTION_TEXTS.emptyTicker);
    expect(callsTo('/predict')).toHaveLength(0);
  });

  it("sends the ticker in upper case and shows the server's detail", async () => {
    const { callsTo } = predictWith(() => json({ detail: 'Price forecasts are not available yet.', code: 'not_implemented' }, 501));
    const { input, submit } = await openForm();
    type(input, ' reliance ');
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe('Price forecasts are not available yet.');
    expect(callsTo('/predict')[0]).toMatchObject({ method: 'POST', body: { ticker: 'RELIANCE' } });
  });

  it.each([
    [404, 'No stock with the symbol NOPE.'],
    [422, 'TrendVision needs at least 500 trading days of prices; NEWCO has 2.'],
  ])("shows the server's detail of a %i", async (status, detail) => {
    const { callsTo } = predictWith(() => json({ detail, code: status === 404 ? 'not_found' : 'unprocessable' }, status));
    // A symbol the list does not hold can only come in the address.
    await openForm('/ai-predictions?symbol=NOPE');
    expect((await screen.findByRole('alert')).textContent).toBe(detail);
    expect(callsTo('/predict').map((call) => call.body)).toEqual([{ ticker: 'NOPE' }]);
    expect(screen.queryByRole('table', { name: 'Forecast closing prices' })).toBeNull();
    expect(screen.queryByTestId('forecast-loading')).toBeNull();
  });

  it('never shows an RPC pattern name from an older server', async () => {
    predictWith(() => json({ detail: 'prediction.predict is not available yet', code: 'not_implemented' }, 501));
    const { input, submit } = await openForm();
    type(input, 'INFY');
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe(PREDICTION_TEXTS.predictionFailed);
    expect(document.body.textContent).not.toContain('prediction.predict');
  });

  it("says 'Prediction failed' when the server gives no detail", async () => {
    predictWith(() => new Response('', { status: 500 }));
    const { input, submit } = await openForm();
    type(input, 'INFY');
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe(PREDICTION_TEXTS.predictionFailed);
  });

  it('says the request failed when the server cannot be reached', async () => {
    predictWith(() => Promise.reject(new TypeError('Failed to fetch')));
    const { input, submit } = await openForm();
    type(input, 'TCS');
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe(PREDICTION_TEXTS.requestFailed);
  });

  it('says the request failed when the answer is not a forecast it understands', async () => {
    predictWith(() => json({ ticker: 'TCS', forecast: [3512.5], as_of: '2024-03-28', horizon_days: 1 }));
    const { input, submit } = await openForm();
    type(input, 'TCS');
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe(PREDICTION_TEXTS.requestFailed);
  });

  it('asks again when the same ticker is sent after a failure', async () => {
    let answers = 0;
    const { callsTo } = predictWith((call) => (answers++ === 0 ? new Response('', { status: 500 }) : json(forecastOf((call.body as { ticker: string }).ticker))));
    const { input, submit } = await openForm();
    type(input, 'INFY');
    submit();
    await screen.findByRole('alert');
    submit();
    expect(await screen.findByRole('table', { name: 'Forecast closing prices' })).toBeTruthy();
    expect(callsTo('/predict')).toHaveLength(2);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows a forecast in rupees when the server sends one', async () => {
    const forecast = [3512.5, 123456.789];
    predictWith(() =>
      json(
        forecastOf('TCS', {
          forecast,
          dates: FORECAST_DATES.slice(0, 2),
          lower80: [3400, 120000],
          upper80: [3600, 126000],
          lower95: [3300, 118000],
          upper95: [3700, 128000],
          horizon_days: 2,
        }),
      ),
    );
    const { input, submit } = await openForm();
    type(input, 'tcs');
    submit();
    const table = await screen.findByRole('table', { name: 'Forecast closing prices' });
    expect(within(table).getByText('₹3,512.50')).toBeTruthy();
    expect(within(table).getByText('₹1,23,456.79')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Tata Consultancy Services Ltd. (TCS): the next 2 trading days' })).toBeTruthy();
  });
});

describe('TrendVision forecast', () => {
  beforeEach(() => {
    localStorage.clear();
    reload();
  });

  it("lists ten 'Day N' rows with their date, forecast and both bands to 2 decimals", async () => {
    predictWith((call) => json(forecastOf((call.body as { ticker: string }).ticker)));
    const { input, submit } = await openForm();
    type(input, 'infy');
    submit();

    const table = await screen.findByRole('table', { name: 'Forecast closing prices' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(10);
    // Each row is named 'Day N'; the short date beside it is for the eye on a phone, where the date column is out of view.
    rows.forEach((row, index) => expect(within(row).getByRole('rowheader', { name: `Day ${index + 1}` })).toBeTruthy());
    const cells = (index: number) => within(rows[index]!).getAllByRole('cell').map((cell) => cell.textContent);
    expect(cells(0)).toEqual(['1 Apr 2024', '₹1,500.13', '₹1,490.13 – ₹1,510.13', '₹1,480.13 – ₹1,520.13']);
    expect(cells(9)).toEqual(['15 Apr 2024', '₹1,522.63', '₹1,503.63 – ₹1,541.63', '₹1,484.63 – ₹1,560.63']);
    for (const row of rows) {
      for (const amount of row.textContent!.match(/₹[\d,]+(?:\.\d+)?/g) ?? []) expect(amount).toMatch(/\.\d{2}$/);
    }
    expect(screen.getByRole('heading', { level: 2, name: 'Infosys Ltd. (INFY): the next 10 trading days' })).toBeTruthy();
    expect(screen.getByText(/last close ₹1,498\.15/)).toBeTruthy();
    expect(screen.getByText(TRENDVISION_TEXTS.sessions)).toBeTruthy();
  });

  it('draws the fan over the last 65 adjusted closes of the 6-month history, and says in words what it shows', async () => {
    const { calls } = predictWith((call) => json(forecastOf((call.body as { ticker: string }).ticker)));
    const { input, submit } = await openForm();
    type(input, 'INFY');
    submit();

    const canvas = await screen.findByTestId('fan-canvas');
    const bars = historyOf('INFY').bars;
    expect(canvas.dataset).toMatchObject({ history: '65', from: bars.at(-65)!.date, to: '2024-03-28', lastClose: String(bars.at(-1)!.close), forecast: '10' });
    expect(historyCalls(calls)).toEqual(['/api/market/history?symbol=INFY&range=6m&adjusted=true']);

    const chart = screen.getByRole('img', { name: /^Forecast chart\./ });
    expect(chart.getAttribute('aria-label')).toContain('then the forecast to 15 Apr 2024: ₹1,522.63 on day 10, 80 % band ₹1,503.63 to ₹1,541.63, 95 % band ₹1,484.63 to ₹1,560.63.');
    const legend = screen.getByRole('list', { name: 'What the chart shows' });
    expect(legend.textContent).toContain('Closing prices of the last 3 months');
    expect(legend.textContent).toContain('Forecast: the middle estimate');
    expect(legend.textContent).toContain('80 % band');
    expect(legend.textContent).toContain('95 % band');
    expect(screen.getByRole('link', { name: 'tradingview.com' })).toBeTruthy();
  });

  it('draws the forecast alone, and says so, when the past prices cannot be loaded', async () => {
    stubFetch(predictionServer({ history: () => json({ detail: 'Market data is unavailable.' }, 503) }));
    const { input, submit } = await openForm();
    type(input, 'INFY');
    submit();

    expect((await screen.findByTestId('fan-canvas')).dataset.history).toBe('0');
    expect(screen.getByText(TRENDVISION_TEXTS.historyMissing)).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('holds the room of the forecast while it is computed', async () => {
    predictWith(() => never());
    const { input, submit } = await openForm();
    type(input, 'INFY');
    submit();

    const loading = await screen.findByTestId('forecast-loading');
    expect(within(loading).getByRole('status').textContent).toBe('Forecasting INFY...');
    expect(loading.querySelectorAll('.panel')).toHaveLength(2);
  });

  it('forecasts the stock picked at once and keeps the stock in the address', async () => {
    const { callsTo } = predictWith((call) => json(forecastOf((call.body as { ticker: string }).ticker)));
    const { router, input } = await openForm();

    type(input, 'tcs');
    fireEvent.click(screen.getByRole('option', { name: 'TCS — Tata Consultancy Services Ltd.' }));

    expect(await screen.findByRole('heading', { level: 2, name: 'Tata Consultancy Services Ltd. (TCS): the next 10 trading days' })).toBeTruthy();
    expect(callsTo('/predict').map((call) => call.body)).toEqual([{ ticker: 'TCS' }]);
    expect(input.value).toBe('TCS — Tata Consultancy Services Ltd.');
    expect(router.state.location.search).toBe('?symbol=TCS');
    expect(localStorage.getItem('nivesh.market.symbol')).toBe('TCS');
  });

  it('forecasts the stock in the address on arrival, and a typed ticker goes to the address too', async () => {
    const { callsTo } = predictWith((call) => json(forecastOf((call.body as { ticker: string }).ticker)));
    const { router, input, submit } = await openForm('/ai-predictions?symbol=infy');

    expect(await screen.findByRole('heading', { level: 2, name: 'Infosys Ltd. (INFY): the next 10 trading days' })).toBeTruthy();
    expect(input.value).toBe('INFY — Infosys Ltd.');

    type(input, 'reliance');
    submit();
    expect(await screen.findByRole('heading', { level: 2, name: 'Reliance Industries Ltd. (RELIANCE): the next 10 trading days' })).toBeTruthy();
    expect(router.state.location.search).toBe('?symbol=RELIANCE');
    expect(callsTo('/predict').map((call) => call.body)).toEqual([{ ticker: 'INFY' }, { ticker: 'RELIANCE' }]);
  });

  it('does not forecast on arrival without a stock in the address', async () => {
    localStorage.setItem('nivesh.market.symbol', 'TCS');
    const { callsTo } = predictWith((call) => json(forecastOf((call.body as { ticker: string }).ticker)));
    const { input } = await openForm();
    await screen.findByRole('table', { name: /TrendVision track record/ });
    expect(callsTo('/predict')).toHaveLength(0);
    expect(input.value).toBe('');
  });

  it('carries the disclaimer: a statistical estimate, not a price target or a call to buy or sell', async () => {
    predictWith(() => never());
    await openForm();
    const disclaimer = screen.getByTestId('prediction-disclaimer');
    expect(disclaimer.textContent).toBe(TRENDVISION_TEXTS.disclaimer);
    expect(disclaimer.textContent).toMatch(/statistical estimate/);
    expect(disclaimer.textContent).toMatch(/not a price target and not a recommendation to buy or sell/);
    expect(disclaimer.textContent).toMatch(/SEBI/);
    expect(screen.getAllByText(TRENDVISION_TEXTS.disclaimer)).toHaveLength(1);
  });

  it("asks for 10 days with the ticker alone and no fingerprint, with '10 trading days' chosen", async () => {
    startSession(LOGIN_VERIFIED);
    const { callsTo } = predictWith((call) => json(forecastOf((call.body as { ticker: string }).ticker)));
    const { input, submit } = await openForm();
    const choice = screen.getByRole('group', { name: 'How far ahead to forecast' });
    expect((within(choice).getByRole('radio', { name: '10 trading days' }) as HTMLInputElement).checked).toBe(true);
    expect((within(choice).getByRole('radio', { name: '30 trading days (Premium)' }) as HTMLInputElement).checked).toBe(false);
    type(input, 'INFY');
    submit();

    await screen.findByRole('table', { name: 'Forecast closing prices' });
    const [call] = callsTo('/predict');
    expect(call.body).toEqual({ ticker: 'INFY' });
    expect(call.headers['x-device-fingerprint']).toBeUndefined();
    expect(screen.queryByRole('region', { name: 'Every model, side by side' })).toBeNull();
    expect(screen.queryByTestId('premium-horizon-note')).toBeNull();
  });

  it('shows how accurate the forecast was beside it', async () => {
    predictWith((call) => json(forecastOf((call.body as { ticker: string }).ticker)));
    const { input, submit } = await openForm();
    type(input, 'INFY');
    submit();

    const card = await screen.findByRole('region', { name: 'How accurate is this?' });
    expect(card.textContent).toContain("On past data, this forecast's errors 10 trading days ahead were 3 % smaller than simply assuming no change.");
    expect(card.textContent).toContain('The 80 % band contained the actual price 79 % of the time over 2,400 tests.');
    expect(card.textContent).toContain('Exponential smoothing (AutoETS)');
  });
});

/** A logged-in user; with `premium`, the stored flag says premium until far ahead. */
const logIn = (premium: boolean) =>
  startSession(premium ? { ...LOGIN_VERIFIED, is_premium: true, premium_expires_at: PREMIUM_UNTIL } : LOGIN_VERIFIED);

const chooseDays = (days: 10 | 30) =>
  fireEvent.click(screen.getByRole('radio', { name: days === 30 ? '30 trading days (Premium)' : '10 trading days' }));

const premiumNote = () => screen.findByRole('region', { name: LONG_HORIZON_TOOL.name }, { timeout: 5000 });

describe('TrendVision 30-day forecast (premium)', () => {
  beforeEach(() => {
    localStorage.clear();
    reload();
  });

  it('asks a premium user with this device for 30 days and shows every day and every model side by side', async () => {
    const session = logIn(true);
    const { callsTo } = stubFetch(predictionServer({ premium: () => json(premiumStatus()) }));
    const { router, input, submit } = await openForm();
    chooseDays(30);
    type(input, 'infy');
    submit();

    expect(await screen.findByRole('heading', { level: 2, name: 'Infosys Ltd. (INFY): the next 30 trading days' })).toBeTruthy();
    const [call] = callsTo('/predict');
    expect(call.body).toEqual({ ticker: 'INFY', horizon_days: 30 });
    // jsdom draws no canvas: the stored device id stands in for the fingerprint.
    expect(call.headers).toMatchObject({ 'x-device-fingerprint': session.device_id, Authorization: 'Bearer token-abc' });
    expect(new URLSearchParams(router.state.location.search).get('days')).toBe('30');

    const rows = within(screen.getByRole('table', { name: 'Forecast closing prices' })).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(30);
    rows.forEach((row, index) => expect(within(row).getByRole('rowheader', { name: `Day ${index + 1}` })).toBeTruthy());
    expect(within(rows[29]!).getAllByRole('cell')[0]!.textContent).toBe('15 May 2024');
    expect(PREMIUM_FORECAST_DATES.at(-1)).toBe('2024-05-15');

    const card = screen.getByRole('region', { name: 'How accurate is this?' });
    expect(card.querySelector('.accuracy-lead')?.textContent).toBe("On past data, this forecast's errors 30 trading days ahead were 6 % smaller than simply assuming no change.");
    expect(card.textContent).toContain("On past data, this forecast's errors 10 trading days ahead were 3 % smaller than simply assuming no change.");

    const comparison = screen.getByRole('region', { name: 'Every model, side by side' });
    const modelRows = within(within(comparison).getByRole('table')).getAllByRole('row').slice(2);
    expect(modelRows).toHaveLength(5);
    expect(modelRows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual([
      'No change (naive)',
      'Random walk with drift',
      'Exponential smoothing (AutoETS) Shown above',
      "Holt's linear trend (ETS)",
      'ARIMA(0,1,1)',
    ]);
    expect(within(comparison).getAllByText('Shown above')).toHaveLength(1);
    const cells = (index: number) => within(modelRows[index]!).getAllByRole('cell').map((cell) => cell.textContent);
    expect(cells(2)).toEqual(['0.99', '0.98', '0.97', '0.94', '0.92', '2.05', '2.88', '4.81', '79 %', '95 %', 'Yes']);
    expect(cells(0)).toEqual(['1.00', '1.00', '1.00', '1.00', '0.93', '2.08', '2.97', '5.11', '80 %', '95 %', 'Baseline']);
    expect(comparison.textContent).toContain('a model is served only when it beat simply assuming no change on the earlier period');
    expect(comparison.textContent).toContain('below 1.00');
  });

  it('forecasts 30 days on arrival when the address says ?days=30', async () => {
    logIn(true);
    const { callsTo } = stubFetch(predictionServer({ premium: () => json(premiumStatus()) }));
    await openForm('/ai-predictions?symbol=TCS&days=30');
    expect(await screen.findByRole('heading', { level: 2, name: 'Tata Consultancy Services Ltd. (TCS): the next 30 trading days' })).toBeTruthy();
    expect((screen.getByRole('radio', { name: '30 trading days (Premium)' }) as HTMLInputElement).checked).toBe(true);
    expect(callsTo('/predict').map((call) => call.body)).toEqual([{ ticker: 'TCS', horizon_days: 30 }]);
  });

  it('keeps the 10-day forecast one click away, and forgets the choice in the address', async () => {
    logIn(true);
    const { callsTo } = stubFetch(predictionServer({ premium: () => json(premiumStatus()) }));
    const { router } = await openForm('/ai-predictions?symbol=TCS&days=30');
    await screen.findByRole('heading', { level: 2, name: /the next 30 trading days/ });
    chooseDays(10);
    expect(await screen.findByRole('heading', { level: 2, name: 'Tata Consultancy Services Ltd. (TCS): the next 10 trading days' })).toBeTruthy();
    expect(router.state.location.search).toBe('?symbol=TCS');
    expect(screen.queryByRole('region', { name: 'Every model, side by side' })).toBeNull();
    expect(callsTo('/predict').map((call) => call.body)).toEqual([{ ticker: 'TCS', horizon_days: 30 }, { ticker: 'TCS' }]);
  });

  it('sends nothing for a free user choosing 30 days: a note says it is premium and links to /premium', async () => {
    logIn(false);
    const { callsTo } = stubFetch(predictionServer({ premium: () => json(premiumStatus({ is_premium: false })) }));
    const { input, submit } = await openForm('/ai-predictions?symbol=INFY');
    await screen.findByRole('heading', { level: 2, name: /the next 10 trading days/ });
    chooseDays(30);

    const note = await premiumNote();
    expect(note.textContent).toContain(LONG_HORIZON_TOOL.description);
    expect(await within(note).findByText('They are part of Nivesh Premium, ₹200 per month.')).toBeTruthy();
    expect(within(note).getByRole('link', { name: 'See Premium' }).getAttribute('href')).toBe('/premium');
    expect(note.textContent).not.toContain(PREMIUM_HORIZON_TEXTS.visitor);
    expect(screen.queryByRole('table', { name: 'Forecast closing prices' })).toBeNull();

    // Cleared, the field keeps INFY; another stock typed is taken, and pressing Predict asks for nothing either.
    type(input, ' ');
    submit();
    expect(input.value).toBe('INFY — Infosys Ltd.');
    type(input, 'tcs');
    submit();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(callsTo('/predict').map((call) => call.body)).toEqual([{ ticker: 'INFY' }]);

    fireEvent.click(within(note).getByRole('button', { name: 'Show the 10-day forecast' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Tata Consultancy Services Ltd. (TCS): the next 10 trading days' })).toBeTruthy();
    expect(screen.queryByTestId('premium-horizon-note')).toBeNull();
  });

  it('asks a visitor to log in, without asking the server', async () => {
    const { callsTo } = predictWith(() => json({ detail: 'Log in to use 30-day TrendVision forecasts.' }, 401));
    await openForm('/ai-predictions?symbol=INFY&days=30');
    const note = await premiumNote();
    expect((screen.getByRole('radio', { name: '30 trading days (Premium)' }) as HTMLInputElement).checked).toBe(true);
    expect(note.textContent).toContain(PREMIUM_HORIZON_TEXTS.visitor);
    expect(note.textContent).toContain('₹200 per month');
    expect(within(note).getByRole('link', { name: 'See Premium' }).getAttribute('href')).toBe('/premium');
    fireEvent.click(within(note).getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('dialog', { name: 'Sign in' }, { timeout: 5000 })).toBeTruthy();
    expect(callsTo('/predict')).toHaveLength(0);
  });

  it('says premium is active on another device, and links to /premium to move it', async () => {
    logIn(true);
    const { callsTo } = stubFetch(predictionServer({ premium: () => json(premiumStatus({ device_allowed: false })) }));
    await openForm('/ai-predictions?symbol=INFY&days=30');
    const note = await premiumNote();
    expect(await within(note).findByText(PREMIUM_HORIZON_TEXTS.conflict)).toBeTruthy();
    expect(within(note).getByRole('link', { name: 'See Premium' }).getAttribute('href')).toBe('/premium');
    // The stored flag may have let one request out before the server's answer; none once it is known.
    const asked = callsTo('/predict').length;
    expect(asked).toBeLessThanOrEqual(1);
    expect(screen.queryByRole('table', { name: 'Forecast closing prices' })).toBeNull();
  });

  it("shows the gateway's sentence when it refuses the premium forecast (403)", async () => {
    logIn(true);
    const detail = 'Premium is active on another device. Use premium on this device on the Premium page to forecast 30 days here.';
    stubFetch(predictionServer({ premium: () => json(premiumStatus()), predict: () => json({ detail }, 403) }));
    await openForm('/ai-predictions?symbol=INFY&days=30');
    expect((await screen.findByRole('alert', {}, { timeout: 5000 })).textContent).toBe(detail);
    expect(screen.queryByRole('table', { name: 'Forecast closing prices' })).toBeNull();
  });
});

const ILLUSTRATION_REASON =
  'Under SEBI’s rules for education platforms (circular of 8 May 2026), forecasts for a named stock use prices at least 30 days old, so this one was made on 27 Feb 2024 and is shown with what happened since.';

describe('TrendVision under the education profile: an illustration with its outcome', () => {
  beforeEach(() => {
    localStorage.clear();
    reload();
  });

  it('shows the forecast as made on 27 Feb 2024, says once why, and sums up how the days since fell in its bands', async () => {
    stubFetch(
      predictionServer({ predict: (call) => json(illustratedForecastOf((call.body as { ticker: string }).ticker)), compliance: () => json(EDUCATION_COMPLIANCE) }),
    );
    await openForm('/ai-predictions?symbol=INFY');

    const panel = await screen.findByRole('region', { name: 'Infosys Ltd. (INFY): the forecast made on 27 Feb 2024, beside what happened' });
    expect(within(panel).getByTestId('illustration-reason').textContent).toBe(ILLUSTRATION_REASON);
    expect(screen.getAllByText(/Under SEBI’s rules for education platforms/)).toHaveLength(1);
    expect(within(panel).getByTestId('forecast-outcome').textContent).toBe('Of the 10 forecast days since, 8 closed inside the 80 % band and 10 inside the 95 % band.');
    expect(panel.textContent).toContain('Based on closing prices up to 27 Feb 2024');
    // Nothing on the page calls it a forecast of the days to come, and no analyst is named.
    expect(document.body.textContent).not.toMatch(/the next \d+ trading days/);
    expect(screen.queryByTestId('research-analyst')).toBeNull();
    expect(screen.queryByTestId('footer-registration')).toBeNull();
    expect(screen.queryByTestId('ai-note-trendvision')).toBeNull();
    // The live record says why these forecasts do not join it.
    expect((await screen.findByTestId('live-record-education')).textContent).toContain('its forecasts are made from prices at least 30 days old');

    // Each day's actual close beside its forecast.
    const table = within(panel).getByRole('table', { name: 'Forecast closing prices, with the actual closes since' });
    expect(within(table).getByRole('columnheader', { name: 'Actual close' })).toBeTruthy();
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(10);
    // What a screen reader reads in each cell: the copy of the actual close under the forecast is for the eye on a phone.
    const spoken = (cell: HTMLElement) => {
      const copy = cell.cloneNode(true) as HTMLElement;
      for (const hidden of copy.querySelectorAll('[aria-hidden="true"]')) hidden.remove();
      return copy.textContent;
    };
    const cells = (index: number) => within(rows[index]!).getAllByRole('cell').map(spoken);
    expect(cells(0)).toEqual(['28 Feb 2024', '₹1,500.13', '₹1,500.13', '₹1,490.13 – ₹1,510.13', '₹1,480.13 – ₹1,520.13']);
    expect(cells(4)).toEqual(['5 Mar 2024', '₹1,510.13', '₹1,525.13', '₹1,496.13 – ₹1,524.13', '₹1,482.13 – ₹1,538.13']);

    // The back-test and the track record stay.
    expect(screen.getByRole('region', { name: 'How accurate is this?' })).toBeTruthy();
    expect(await screen.findByRole('table', { name: /TrendVision track record/ })).toBeTruthy();
  });

  it('hands the chart the actual closes of the days that have passed, past prices up to the forecast, and says so in the legend', async () => {
    stubFetch(predictionServer({ predict: (call) => json(illustratedForecastOf((call.body as { ticker: string }).ticker, { passed: 6 })) }));
    await openForm('/ai-predictions?symbol=INFY');

    const canvas = await screen.findByTestId('fan-canvas');
    const answer = illustratedForecastOf('INFY', { passed: 6 });
    const actual = JSON.parse(canvas.dataset.actual ?? '[]') as Array<{ date: string; value: number }>;
    expect(actual).toEqual(ILLUSTRATION_DATES.slice(0, 6).map((date, index) => ({ date, value: answer.illustration.outcome.actual[index] })));
    // The months before the forecast: the closes after 27 Feb are the outcome, not the past it was made from.
    const before = historyOf('INFY').bars.filter((bar) => bar.date <= '2024-02-27');
    expect(canvas.dataset).toMatchObject({ history: '65', from: before.at(-65)!.date, to: '2024-02-27' });

    const legend = screen.getByRole('list', { name: 'What the chart shows' });
    expect(legend.textContent).toContain('Actual closes since the forecast was made');
    expect(legend.textContent).toContain('Closing prices of the 3 months before the forecast');
    expect(screen.getByRole('img', { name: /^Forecast chart\./ }).getAttribute('aria-label')).toContain(
      `The actual closes of the 6 forecast days since run to ₹1,510.63 on 6 Mar 2024.`,
    );

    expect(screen.getByTestId('forecast-outcome').textContent).toBe(
      'Of the 6 forecast days since, 5 closed inside the 80 % band and 6 inside the 95 % band. The other 4 days have not closed yet.',
    );
    const rows = within(screen.getByRole('table', { name: 'Forecast closing prices, with the actual closes since' })).getAllByRole('row').slice(1);
    // The actual close's column, and its copy under the forecast close for a narrow screen.
    const [, forecast, actualClose] = within(rows[9]!).getAllByRole('cell');
    expect(actualClose!.textContent).toBe('Not yet');
    expect(forecast!.querySelector('[aria-hidden="true"]')?.textContent).toBe('Actual Not yet');
    expect(within(rows[0]!).getAllByRole('cell')[1]!.querySelector('[aria-hidden="true"]')?.textContent).toBe('Actual ₹1,500.13');
  });
});

/** A forecast as the prediction service answers it under `registered`: published by the research analyst. */
const registeredForecast = (call: FetchCall) =>
  json({ ...forecastOf((call.body as { ticker: string }).ticker), research_analyst: REGISTERED_COMPLIANCE.research_analyst });

describe('TrendVision under the registered profile: a current forecast', () => {
  beforeEach(() => {
    localStorage.clear();
    reload();
  });

  it('names the research analyst whose research it is, as the answer does, with a link to the disclosures', async () => {
    stubFetch(predictionServer({ compliance: () => json(REGISTERED_COMPLIANCE), predict: registeredForecast }));
    await openForm('/ai-predictions?symbol=INFY');

    const panel = await screen.findByRole('region', { name: 'Infosys Ltd. (INFY): the next 10 trading days' });
    const analyst = await within(panel).findByTestId('research-analyst');
    expect(analyst.textContent).toBe('Research by Meera Iyer, SEBI-registered research analyst, registration INH000012345. Read the disclosures.');
    expect(within(analyst).getByRole('link', { name: 'Read the disclosures.' }).getAttribute('href')).toBe('/about#disclosures');
    // What of TrendVision is automated and how it is measured, as SEBI's January 2025 circulars ask.
    const ai = REGISTERED_COMPLIANCE.ai.find((surface) => surface.surface === 'trendvision')!;
    expect((await within(panel).findByTestId('ai-note-trendvision')).textContent).toBe(`${ai.automated} ${ai.measured}`);
    // Every page's footer names the analyst too, and the live record takes the forecasts served.
    expect((await screen.findByTestId('footer-registration')).textContent).toMatch(/^Run by Meera Iyer, SEBI-registered research analyst, registration INH000012345 \(valid until \d+ \w{3} \d{4}\)\.$/);
    expect(screen.queryByTestId('live-record-education')).toBeNull();
    expect(within(panel).getByRole('table', { name: 'Forecast closing prices' })).toBeTruthy();
    expect(within(panel).queryByRole('columnheader', { name: 'Actual close' })).toBeNull();
    expect(screen.queryByTestId('illustration-reason')).toBeNull();
    expect(screen.queryByTestId('forecast-outcome')).toBeNull();
    expect((await screen.findByTestId('fan-canvas')).dataset.actual).toBeUndefined();
  });

  it('names the analyst from the answer even when the profile cannot be loaded, and the forecast stays', async () => {
    const { callsTo } = stubFetch(predictionServer({ compliance: () => json({ detail: 'Service unavailable.' }, 503), predict: registeredForecast }));
    await openForm('/ai-predictions?symbol=INFY');
    const panel = await screen.findByRole('region', { name: 'Infosys Ltd. (INFY): the next 10 trading days' });
    await waitFor(() => expect(callsTo('/api/system/compliance').length).toBeGreaterThan(0));
    expect((await within(panel).findByTestId('research-analyst')).textContent).toMatch(/^Research by Meera Iyer/);
    expect(screen.queryByTestId('footer-registration')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(within(panel).getByRole('table', { name: 'Forecast closing prices' })).toBeTruthy();
  });
});
