import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { FetchCall } from '../../../testing/fetch-mock';
import { stubFetch } from '../../../testing/fetch-mock';
import { renderRoutes } from '../../../testing/render';
import { reload } from '../../../lib/session';
import { chatServer, questionOf } from '../testing/fixtures';

const FIND = { timeout: 5000 };

const starts = (calls: FetchCall[]) => calls.filter((call) => call.url.endsWith('/start')).map((call) => [call.url, call.body]);
const lastQuestion = (calls: FetchCall[]) => questionOf(calls.filter((call) => call.url.endsWith('/query')).at(-1)!);
const input = () => screen.getByRole('textbox', { name: 'Ask Warren AI' }) as HTMLTextAreaElement;

describe('/chat', () => {
  beforeEach(() => {
    localStorage.clear();
    reload();
  });

  it('starts a market-sentiment chat, with no floating chat beside it', async () => {
    const { calls } = stubFetch(chatServer());
    renderRoutes('/chat');
    expect(await screen.findByRole('heading', { level: 1, name: 'Warren AI Chat' }, FIND)).toBeTruthy();
    expect((screen.getByRole('radio', { name: 'Market sentiment' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.queryByRole('combobox', { name: 'Stock' })).toBeNull();
    await waitFor(() => expect(input().disabled).toBe(false), FIND);
    expect(starts(calls)).toEqual([['/chat/sentiment/start', {}]]);
    expect(lastQuestion(calls)).toBe('How is the market sentiment today?');
    expect(screen.queryByRole('button', { name: 'Open Warren AI chat' })).toBeNull();
    // The page sets its title in an effect, which may run a moment after its content shows.
    await waitFor(() => expect(document.title).toBe('Warren AI Chat | Nivesh'));
  });

  it('chats about RELIANCE when technical analysis is chosen, and starts again for a picked stock', async () => {
    const { calls } = stubFetch(chatServer());
    const { router } = renderRoutes('/chat');
    await waitFor(() => expect(input().disabled).toBe(false), FIND);

    fireEvent.click(screen.getByRole('radio', { name: 'Technical analysis' }));
    expect(router.state.location.search).toBe('?type=technical');
    await waitFor(() => expect(starts(calls).at(-1)).toEqual(['/chat/technical/start', { ticker: 'RELIANCE' }]), FIND);
    await waitFor(() => expect(lastQuestion(calls)).toBe("What do RELIANCE's indicators show right now?"), FIND);
    const log = screen.getByRole('log', { name: 'Chat messages' });
    expect(log.textContent).not.toContain('How is the market sentiment today?');

    const picker = screen.getByRole('combobox', { name: 'Stock' }) as HTMLInputElement;
    await waitFor(() => expect(picker.disabled).toBe(false), FIND);
    fireEvent.change(picker, { target: { value: 'tcs' } });
    fireEvent.click(screen.getByRole('option', { name: 'TCS — Tata Consultancy Services Ltd.' }));
    await waitFor(() => expect(starts(calls).at(-1)).toEqual(['/chat/technical/start', { ticker: 'TCS' }]), FIND);
    await waitFor(() => expect(lastQuestion(calls)).toBe("What do TCS's indicators show right now?"), FIND);
    expect(within(log).queryByText(/RELIANCE's indicators/)).toBeNull();
    expect(router.state.location.search).toBe('?type=technical&symbol=TCS');
  });

  it('opens on the chat type and stock in the address', async () => {
    const { calls } = stubFetch(chatServer());
    renderRoutes('/chat?type=technical&symbol=INFY');
    await waitFor(() => expect(input().disabled).toBe(false), FIND);
    expect(starts(calls)).toEqual([['/chat/technical/start', { ticker: 'INFY' }]]);
    expect((screen.getByRole('radio', { name: 'Technical analysis' }) as HTMLInputElement).checked).toBe(true);
  });
});
