import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { FetchCall } from '../testing/fetch-mock';
import { stubFetch } from '../testing/fetch-mock';
import { renderRoutes } from '../testing/render';
import { reload } from '../lib/session';
import { chatServer, questionOf } from '../features/chat/testing/fixtures';
import { CHAT_POSITION_KEY, CHAT_SIZE_KEY } from '../features/chat/widget-geometry';

const FIND = { timeout: 5000 };

/** jsdom has no PointerEvent; a MouseEvent with a pointer id is enough for the handles. */
class TestPointerEvent extends MouseEvent {
  readonly pointerId: number;
  constructor(type: string, init: PointerEventInit = {}) {
    super(type, init);
    this.pointerId = init.pointerId ?? 1;
  }
}

const setViewport = (width: number, height: number) => {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
  Object.defineProperty(window, 'innerHeight', { configurable: true, value: height });
};

const chatWindow = () => screen.getByRole('region', { name: 'Warren AI' });
const rectOf = (element: HTMLElement) => ({
  x: parseFloat(element.style.left),
  y: parseFloat(element.style.top),
  width: parseFloat(element.style.width),
  height: parseFloat(element.style.height),
});
const saved = (key: string): unknown => JSON.parse(localStorage.getItem(key) ?? 'null');
const starts = (calls: FetchCall[]) => calls.filter((call) => call.url.endsWith('/start'));
/** Opens the chat from its bubble; the window loads on first opening. */
const openChat = async () => {
  fireEvent.click(screen.getByRole('button', { name: 'Open Warren AI chat' }));
  return screen.findByRole('region', { name: 'Warren AI' }, FIND);
};
const chatInput = () => within(chatWindow()).findByRole('textbox', { name: 'Ask Warren AI' }, FIND) as Promise<HTMLTextAreaElement>;

const drag = (handle: HTMLElement, from: [number, number], to: [number, number]) => {
  fireEvent.pointerDown(handle, { button: 0, clientX: from[0], clientY: from[1], pointerId: 1 });
  fireEvent.pointerMove(handle, { clientX: to[0], clientY: to[1], pointerId: 1 });
  fireEvent.pointerUp(handle, { clientX: to[0], clientY: to[1], pointerId: 1 });
};

describe('the floating chat', () => {
  beforeEach(() => {
    localStorage.clear();
    reload();
    setViewport(1024, 768);
    vi.stubGlobal('PointerEvent', TestPointerEvent);
  });

  afterAll(() => setViewport(1024, 768));

  it("loads nothing until opened, then chats about the technical page's stock", async () => {
    const { calls } = stubFetch(chatServer());
    renderRoutes('/technical-analysis?symbol=TCS');
    await screen.findByRole('heading', { level: 1, name: 'Technical Analysis' });
    expect(starts(calls)).toHaveLength(0);

    await openChat();
    expect(chatWindow().textContent).toContain('Technical analysis · TCS');
    await waitFor(() => expect(calls.find((call) => call.url.endsWith('/query'))).toBeTruthy(), FIND);
    expect(starts(calls).map((call) => [call.url, call.body])).toEqual([['/chat/technical/start', { ticker: 'TCS' }]]);
    expect(questionOf(calls.find((call) => call.url.endsWith('/query'))!)).toBe("What do TCS's indicators show right now?");
  });

  it('keeps the conversation when minimized, and follows the page’s stock when opened again', async () => {
    const { calls } = stubFetch(chatServer());
    const { router } = renderRoutes('/technical-analysis?symbol=TCS');
    await openChat();
    const input = await chatInput();
    await waitFor(() => expect(input.disabled).toBe(false), FIND);

    fireEvent.click(within(chatWindow()).getByRole('button', { name: 'Minimize chat' }));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Open Warren AI chat' }));
    await openChat();
    expect(chatWindow().textContent).toContain("What do TCS's indicators show right now?");
    expect(starts(calls)).toHaveLength(1);

    fireEvent.keyDown(chatWindow(), { key: 'Escape' });
    await act(() => router.navigate('/technical-analysis?symbol=INFY'));
    expect(starts(calls)).toHaveLength(1);
    await openChat();
    await waitFor(() => expect(starts(calls)).toHaveLength(2), FIND);
    expect(starts(calls)[1]!.body).toEqual({ ticker: 'INFY' });
    expect(chatWindow().textContent).toContain('Technical analysis · INFY');
    await waitFor(() => expect(chatWindow().textContent).toContain("What do INFY's indicators show right now?"), FIND);
    expect(chatWindow().textContent).not.toContain("What do TCS's indicators");
  });

  it('asks the sentiment opening question on the dashboard', async () => {
    const { calls } = stubFetch(chatServer());
    renderRoutes('/dashboard');
    await openChat();
    await waitFor(() => expect(calls.find((call) => call.url === '/chat/sentiment/query')).toBeTruthy(), FIND);
    expect(starts(calls).map((call) => call.url)).toEqual(['/chat/sentiment/start']);
    expect(questionOf(calls.find((call) => call.url === '/chat/sentiment/query')!)).toBe('How is the market sentiment today?');
  });

  it('opens 384 wide at the top right (the 384×384 default, 400 px high at least)', async () => {
    stubFetch(chatServer());
    renderRoutes('/market-sentiment');
    await openChat();
    expect(rectOf(chatWindow())).toEqual({ x: 1024 - 384 - 16, y: 16, width: 384, height: 400 });
    expect(document.activeElement).toBe(chatWindow());
  });

  it('maximizes centred and restores to 400×500 at the top right, saving the size', async () => {
    stubFetch(chatServer());
    renderRoutes('/market-sentiment');
    await openChat();
    fireEvent.click(within(chatWindow()).getByRole('button', { name: 'Maximize chat' }));
    expect(rectOf(chatWindow())).toEqual({ x: 112, y: 84, width: 800, height: 600 });
    expect(saved(CHAT_SIZE_KEY)).toMatchObject({ isMaximized: true });

    fireEvent.click(within(chatWindow()).getByRole('button', { name: 'Restore chat size' }));
    expect(rectOf(chatWindow())).toEqual({ x: 1024 - 400 - 16, y: 16, width: 400, height: 500 });
    expect(saved(CHAT_SIZE_KEY)).toEqual({ width: 400, height: 500, isMaximized: false });
    expect(saved(CHAT_POSITION_KEY)).toEqual({ x: 608, y: 16 });
    expect(within(chatWindow()).getByRole('button', { name: 'Maximize chat' })).toBeTruthy();
  });

  it('drags by the header within the window, and saves where it was left', async () => {
    stubFetch(chatServer());
    renderRoutes('/market-sentiment');
    await openChat();
    const header = within(chatWindow()).getByRole('button', { name: 'Move chat' });
    drag(header, [700, 30], [400, 130]);
    expect(rectOf(chatWindow())).toMatchObject({ x: 324, y: 116 });
    expect(saved(CHAT_POSITION_KEY)).toEqual({ x: 324, y: 116 });

    drag(header, [400, 130], [-900, -900]);
    expect(rectOf(chatWindow())).toMatchObject({ x: 16, y: 16 });
    drag(header, [20, 20], [5000, 5000]);
    expect(rectOf(chatWindow())).toEqual({ x: 1024 - 384 - 16, y: 768 - 400 - 16, width: 384, height: 400 });
  });

  it('does not start a drag from the header’s buttons', async () => {
    stubFetch(chatServer());
    renderRoutes('/market-sentiment');
    await openChat();
    const before = rectOf(chatWindow());
    drag(within(chatWindow()).getByRole('button', { name: 'Maximize chat' }), [900, 30], [300, 300]);
    expect(rectOf(chatWindow())).toEqual(before);
  });

  it('resizes from its corner between 300×400 and 90 % of the window, and saves the size', async () => {
    stubFetch(chatServer());
    renderRoutes('/market-sentiment');
    await openChat();
    const corner = within(chatWindow()).getByRole('button', { name: 'Resize chat' });
    drag(corner, [624, 416], [524, 516]);
    expect(rectOf(chatWindow())).toEqual({ x: 524, y: 16, width: 484, height: 500 });
    expect(saved(CHAT_SIZE_KEY)).toEqual({ width: 484, height: 500, isMaximized: false });
    expect(saved(CHAT_POSITION_KEY)).toEqual({ x: 524, y: 16 });

    drag(corner, [524, 516], [2000, -2000]);
    expect(rectOf(chatWindow())).toMatchObject({ width: 300, height: 400 });
    drag(corner, [708, 416], [-2000, 2000]);
    const biggest = rectOf(chatWindow());
    expect(biggest.width).toBeLessThanOrEqual(1024 * 0.9);
    expect(biggest.height).toBeLessThanOrEqual(768 * 0.9);
    expect(biggest.x).toBeGreaterThanOrEqual(16);
    expect(biggest.y + biggest.height).toBeLessThanOrEqual(768 - 16);
  });

  it('moves and resizes with the arrow keys too', async () => {
    stubFetch(chatServer());
    renderRoutes('/market-sentiment');
    await openChat();
    fireEvent.keyDown(within(chatWindow()).getByRole('button', { name: 'Move chat' }), { key: 'ArrowDown' });
    fireEvent.keyDown(within(chatWindow()).getByRole('button', { name: 'Move chat' }), { key: 'ArrowLeft', shiftKey: true });
    expect(rectOf(chatWindow())).toMatchObject({ x: 624 - 64, y: 32 });
    expect(saved(CHAT_POSITION_KEY)).toEqual({ x: 560, y: 32 });
    fireEvent.keyDown(within(chatWindow()).getByRole('button', { name: 'Resize chat' }), { key: 'ArrowLeft' });
    expect(rectOf(chatWindow())).toEqual({ x: 544, y: 32, width: 400, height: 400 });
    expect(screen.getByRole('region', { name: 'Warren AI' })).toBeTruthy();
  });

  it('comes back where it was left after a reload, maximized if it was', async () => {
    localStorage.setItem(CHAT_POSITION_KEY, JSON.stringify({ x: 100, y: 120 }));
    localStorage.setItem(CHAT_SIZE_KEY, JSON.stringify({ width: 450, height: 520, isMaximized: false }));
    stubFetch(chatServer());
    const first = renderRoutes('/market-sentiment');
    await openChat();
    expect(rectOf(chatWindow())).toEqual({ x: 100, y: 120, width: 450, height: 520 });
    first.unmount();

    localStorage.setItem(CHAT_SIZE_KEY, JSON.stringify({ width: 450, height: 520, isMaximized: true }));
    renderRoutes('/market-sentiment');
    await openChat();
    expect(rectOf(chatWindow())).toEqual({ x: 112, y: 84, width: 800, height: 600 });
    expect(within(chatWindow()).getByRole('button', { name: 'Restore chat size' })).toBeTruthy();
  });

  it('stays inside when the browser window gets smaller', async () => {
    localStorage.setItem(CHAT_POSITION_KEY, JSON.stringify({ x: 600, y: 300 }));
    stubFetch(chatServer());
    renderRoutes('/market-sentiment');
    await openChat();
    expect(rectOf(chatWindow())).toMatchObject({ x: 600, y: 300 });
    act(() => {
      setViewport(800, 600);
      window.dispatchEvent(new Event('resize'));
    });
    expect(rectOf(chatWindow())).toEqual({ x: 800 - 384 - 16, y: 600 - 400 - 16, width: 384, height: 400 });
  });

  it('fits a 390 px wide phone screen', async () => {
    setViewport(390, 844);
    localStorage.setItem(CHAT_POSITION_KEY, JSON.stringify({ x: 900, y: 40 }));
    stubFetch(chatServer());
    renderRoutes('/market-sentiment');
    await openChat();
    const rect = rectOf(chatWindow());
    expect(rect.x).toBeGreaterThanOrEqual(10);
    expect(rect.x + rect.width).toBeLessThanOrEqual(390 - 10);
    expect(rect.width).toBe(351);
  });
});
