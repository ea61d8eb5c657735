import { QueryClient } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { Providers } from '../../../app/providers';
import { routes } from '../../../app/router';

const json = (body: unknown, status = 200): Response =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

type Handler = (url: string) => Response | Promise<Response>;

const stubFetch = (handler: Handler) => {
  const fetchMock = vi.fn((input: RequestInfo | URL) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    return Promise.resolve(handler(url));
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
};

const renderAt = (path = '/') => {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, refetchInterval: false } } });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  return render(
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>,
  );
};

describe('SystemStatusPanel on the dashboard', () => {
  it('shows the brand, the description and the version', async () => {
    stubFetch(() => json({ status: 'ready', checks: {} }));
    renderAt();

    expect(screen.getByRole('complementary').textContent).toContain('Nivesh');
    expect(await screen.findByText(/AI-assisted analysis of NSE stocks, in rupees — educational, not investment advice/)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeTruthy();
    expect(screen.getByRole('contentinfo').textContent).toContain('v2.1.22092025');
    expect(screen.getByRole('main')).toBeTruthy();
    await screen.findByTestId('readiness');
  });

  it('renders one row per readiness check and the RPC ping answer', async () => {
    const fetchMock = stubFetch((url) => {
      if (url === '/readyz') return json({ status: 'ready', checks: { postgres: 'ok', redis: 'ok', auth: 'ok' } });
      if (url === '/api/system/ping?service=tracking') return json({ pong: true, service: 'tracking', instance: 'tracking-7f3a' });
      return json({ detail: 'Not found' }, 404);
    });
    renderAt();

    expect((await screen.findByTestId('check-postgres')).textContent).toContain('ok');
    expect(screen.getByTestId('check-redis').textContent).toContain('ok');
    expect(screen.getByTestId('check-auth').textContent).toContain('ok');
    expect(screen.getByTestId('readiness').textContent).toContain('All systems ready');

    const table = screen.getByRole('table', { name: 'Readiness checks' });
    expect(within(table).getByRole('rowheader', { name: 'postgres' })).toBeTruthy();
    expect(within(table).getByRole('cell', { name: 'redis ok' })).toBeTruthy();

    expect(await screen.findByText('tracking answered (instance tracking-7f3a)')).toBe(screen.getByTestId('rpc-ping'));
    expect(fetchMock).toHaveBeenCalledWith('/readyz', expect.objectContaining({ method: 'GET' }));
  });

  it('shows a not-ready gateway (503 with a readiness body) as an answer, not an error', async () => {
    stubFetch((url) =>
      url === '/readyz'
        ? json({ status: 'not_ready', checks: { postgres: 'ok', redis: 'failed' } }, 503)
        : json({ detail: 'The service is not available.' }, 503),
    );
    renderAt('/dashboard');

    expect((await screen.findByTestId('check-redis')).textContent).toContain('failed');
    expect(screen.getByTestId('readiness').textContent).toContain('Not ready');
    expect(await screen.findByText(/tracking did not answer\. The service is not available\./)).toBe(screen.getByTestId('rpc-ping'));
  });

  it('shows the error state when fetch fails', async () => {
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    renderAt();

    const alerts = await screen.findAllByRole('alert');
    expect(alerts.map((alert) => alert.textContent).join(' ')).toContain('Could not read the system status.');
    expect(screen.queryByTestId('check-postgres')).toBeNull();
    expect(await screen.findByText(/tracking did not answer/)).toBe(screen.getByTestId('rpc-ping'));
    expect(screen.getByTestId('rpc-ping').textContent).toContain('The server could not be reached.');
  });
});
