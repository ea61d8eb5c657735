import { fireEvent, screen, within } from '@testing-library/react';
import { json, stubFetch } from '../../../testing/fetch-mock';
import { renderRoutes } from '../../../testing/render';
import { reload } from '../../../lib/session';
import { PREDICTION_TEXTS } from '../texts';

const openForm = async () => {
  renderRoutes('/ai-predictions');
  const form = await screen.findByRole('region', { name: 'Forecast a stock' });
  return {
    form,
    input: within(form).getByLabelText('Ticker symbol'),
    submit: () => fireEvent.click(within(form).getByRole('button', { name: 'Predict' })),
  };
};

describe('TrendVision prediction form', () => {
  beforeEach(() => {
    localStorage.clear();
    reload();
  });

  it("refuses an empty ticker with 'Please enter a ticker symbol' and sends nothing", async () => {
    const { callsTo } = stubFetch(() => json({ detail: 'Not found' }, 404));
    const { input, submit } = await openForm();
    fireEvent.change(input, { target: { value: '   ' } });
    submit();
    expect(screen.getByRole('alert').textContent).toBe(PREDICTION_TEXTS.emptyTicker);
    expect(callsTo('/predict')).toHaveLength(0);
  });

  it("sends the ticker in upper case and shows the server's detail", async () => {
    const { callsTo } = stubFetch((call) =>
      call.url === '/predict' ? json({ detail: 'Price forecasts are not available yet.', code: 'not_implemented' }, 501) : json({ detail: 'Not found' }, 404),
    );
    const { input, submit } = await openForm();
    fireEvent.change(input, { target: { value: ' reliance ' } });
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe('Price forecasts are not available yet.');
    expect(callsTo('/predict')[0]).toMatchObject({ method: 'POST', body: { ticker: 'RELIANCE' } });
  });

  it('never shows an RPC pattern name from an older server', async () => {
    stubFetch((call) => (call.url === '/predict' ? json({ detail: 'prediction.predict is not available yet', code: 'not_implemented' }, 501) : json({ detail: 'Not found' }, 404)));
    const { input, submit } = await openForm();
    fireEvent.change(input, { target: { value: 'INFY' } });
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe(PREDICTION_TEXTS.predictionFailed);
    expect(document.body.textContent).not.toContain('prediction.predict');
  });

  it("says 'Prediction failed' when the server gives no detail", async () => {
    stubFetch((call) => (call.url === '/predict' ? new Response('', { status: 500 }) : json({ detail: 'Not found' }, 404)));
    const { input, submit } = await openForm();
    fireEvent.change(input, { target: { value: 'INFY' } });
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe(PREDICTION_TEXTS.predictionFailed);
  });

  it('says the request failed when the server cannot be reached', async () => {
    stubFetch((call) => (call.url === '/predict' ? Promise.reject(new TypeError('Failed to fetch')) : json({ detail: 'Not found' }, 404)));
    const { input, submit } = await openForm();
    fireEvent.change(input, { target: { value: 'TCS' } });
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe(PREDICTION_TEXTS.requestFailed);
  });

  it('shows a forecast in rupees when the server sends one', async () => {
    stubFetch((call) =>
      call.url === '/predict'
        ? json({ ticker: 'TCS', forecast: [3512.5, 123456.789], as_of: '2024-03-28', horizon_days: 2 })
        : json({ detail: 'Not found' }, 404),
    );
    const { input, submit } = await openForm();
    fireEvent.change(input, { target: { value: 'tcs' } });
    submit();
    const table = await screen.findByRole('table', { name: 'Forecast closing prices' });
    expect(within(table).getByText('₹3,512.50')).toBeTruthy();
    expect(within(table).getByText('₹1,23,456.79')).toBeTruthy();
  });
});
