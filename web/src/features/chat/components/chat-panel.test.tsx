import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { FetchCall } from '../../../testing/fetch-mock';
import { LOGIN_VERIFIED, json, never, stubFetch } from '../../../testing/fetch-mock';
import { reload, startSession } from '../../../lib/session';
import { CHAT_TEXTS, QUERY_ERRORS, START_ERRORS, suggestedPrompts } from '../texts';
import { BLOCKED, COMPLIANCE_NOTE, NO_GUIDE, DISCLAIMER, answerOf, chatServer, greetingOf, questionOf, startOf } from '../testing/fixtures';
import { ChatPanel } from './chat-panel';

const FIND = { timeout: 5000 };

const input = () => screen.getByRole('textbox', { name: 'Ask Warren AI' }) as HTMLTextAreaElement;
const sendButton = () => screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement;
const log = () => screen.getByRole('log', { name: 'Chat messages' });
const messagesOf = (type: string) => Array.from(log().querySelectorAll<HTMLElement>(`.chat-message[data-type='${type}']`));
const queries = (calls: FetchCall[]) => calls.filter((call) => call.url.endsWith('/query'));
const waitForInput = () => waitFor(() => expect(input().disabled).toBe(false), FIND);

/** A server whose opening answer arrives, then answers as `query` says. */
const afterOpening = (query: (call: FetchCall, index: number) => Response | Promise<Response>) => {
  let index = 0;
  return chatServer({ query: (call) => (index++ === 0 ? json(answerOf(questionOf(call))) : query(call, index - 1)) });
};

const type = (text: string) => fireEvent.change(input(), { target: { value: text } });
const pressEnter = (shiftKey = false) => fireEvent.keyDown(input(), { key: 'Enter', shiftKey });

describe('Warren AI chat', () => {
  beforeEach(() => {
    localStorage.clear();
    reload();
  });

  it('starts a sentiment chat, greets, and asks the opening question by itself', async () => {
    const { calls } = stubFetch(chatServer());
    render(<ChatPanel type="sentiment" ticker={null} />);
    expect(within(log()).getByRole('status').textContent).toBe(CHAT_TEXTS.starting);
    expect(input().disabled).toBe(true);

    await waitForInput();
    expect(calls[0]).toMatchObject({ url: '/chat/sentiment/start', method: 'POST', body: {} });
    const [query] = queries(calls);
    expect(query).toMatchObject({ url: '/chat/sentiment/query', body: { user_query: 'How is the market sentiment today?', session_id: 'session-1' } });
    expect((query!.body as { context_id: string }).context_id).toMatch(/^context-/);

    const bots = messagesOf('bot');
    expect(bots[0]!.textContent).toContain(greetingOf(null));
    expect(messagesOf('user').map((message) => message.textContent)).toEqual(['You: How is the market sentiment today?']);
    expect(bots[1]!.textContent).toContain('as of 28 Mar 2024');
    expect(within(bots[1]!).getByText('54.2').tagName).toBe('STRONG');
    expect(queries(calls)).toHaveLength(1);
  });

  it('starts a technical chat about its stock and opens with that stock', async () => {
    const { calls } = stubFetch(chatServer());
    render(<ChatPanel type="technical" ticker="TCS" />);
    await waitForInput();
    expect(calls[0]).toMatchObject({ url: '/chat/technical/start', body: { ticker: 'TCS' } });
    expect(queries(calls)[0]).toMatchObject({ url: '/chat/technical/query', body: { user_query: "What do TCS's indicators show right now?" } });
    expect(messagesOf('bot')[0]!.textContent).toContain(greetingOf('TCS'));
  });

  it('sends no auth header, even when logged in (section 7)', async () => {
    startSession(LOGIN_VERIFIED);
    const { calls } = stubFetch(chatServer());
    render(<ChatPanel type="sentiment" ticker={null} />);
    await waitForInput();
    expect(calls.length).toBeGreaterThanOrEqual(2);
    for (const call of calls) expect(call.headers.Authorization).toBeUndefined();
  });

  it("says 'Thinking...' and keeps the input disabled while an answer is pending", async () => {
    stubFetch(chatServer({ query: () => never() }));
    render(<ChatPanel type="sentiment" ticker={null} />);
    expect(await within(log()).findByText(CHAT_TEXTS.thinking, {}, FIND)).toBeTruthy();
    expect(input().disabled).toBe(true);
    expect(sendButton().disabled).toBe(true);
    for (const prompt of within(screen.getByRole('group', { name: 'Suggested questions' })).getAllByRole('button')) {
      expect((prompt as HTMLButtonElement).disabled).toBe(true);
    }
  });

  it('sends on Enter, adds a line on Shift+Enter, trims, and never sends an empty message', async () => {
    const { calls } = stubFetch(chatServer());
    render(<ChatPanel type="sentiment" ticker={null} />);
    await waitForInput();

    type('   ');
    expect(sendButton().disabled).toBe(true);
    pressEnter();
    fireEvent.click(sendButton());
    expect(queries(calls)).toHaveLength(1);

    type('  What is market breadth?  ');
    pressEnter(true);
    expect(queries(calls)).toHaveLength(1);
    pressEnter();
    expect(input().value).toBe('');
    await waitFor(() => expect(queries(calls)).toHaveLength(2));
    expect(questionOf(queries(calls)[1]!)).toBe('What is market breadth?');
    await waitForInput();
    expect(document.activeElement).toBe(input());

    type('And sectors?');
    fireEvent.click(sendButton());
    await waitFor(() => expect(queries(calls)).toHaveLength(3));
  });

  it('sends nothing while a question is in progress', async () => {
    let release: (response: Response) => void = () => undefined;
    const { calls } = stubFetch(
      afterOpening(
        () =>
          new Promise<Response>((resolve) => {
            release = resolve;
          }),
      ),
    );
    render(<ChatPanel type="sentiment" ticker={null} />);
    await waitForInput();
    type('First question');
    pressEnter();
    await waitFor(() => expect(queries(calls)).toHaveLength(2));
    type('Second question');
    pressEnter();
    fireEvent.click(screen.getAllByRole('button', { name: /\?$/ })[0]!);
    expect(queries(calls)).toHaveLength(2);
    await act(async () => release(json(answerOf('First question'))));
    await waitForInput();
    expect(messagesOf('user').map((message) => message.textContent)).toEqual(['You: How is the market sentiment today?', 'You: First question']);
  });

  it('counts characters near the 2,000 limit and takes no more', async () => {
    stubFetch(chatServer());
    render(<ChatPanel type="sentiment" ticker={null} />);
    await waitForInput();
    expect(input().maxLength).toBe(2000);
    type('a'.repeat(1799));
    expect(screen.queryByText(/\/ 2,000 characters/)).toBeNull();
    type('a'.repeat(1800));
    expect(screen.getByText('1,800 / 2,000 characters')).toBeTruthy();
    type('a'.repeat(2100));
    expect(input().value).toHaveLength(2000);
    expect(screen.getByText('2,000 / 2,000 characters')).toBeTruthy();
  });

  it('shows two suggested questions, asks one on click and shows the next two', async () => {
    const { calls } = stubFetch(chatServer());
    render(<ChatPanel type="technical" ticker="INFY" />);
    await waitForInput();
    const prompts = suggestedPrompts('technical', 'INFY');
    const group = () => screen.getByRole('group', { name: 'Suggested questions' });
    expect(within(group()).getAllByRole('button').map((button) => button.textContent)).toEqual(prompts.slice(0, 2));
    fireEvent.click(within(group()).getByRole('button', { name: prompts[1] }));
    await waitFor(() => expect(queries(calls)).toHaveLength(2));
    expect(questionOf(queries(calls)[1]!)).toBe(prompts[1]);
    expect(within(group()).getAllByRole('button').map((button) => button.textContent)).toEqual(prompts.slice(2, 4));
  });

  it("shows a refusal as a 'SEBI Compliance Block' whose suggestion goes into the input", async () => {
    stubFetch(afterOpening(() => json(BLOCKED)));
    render(<ChatPanel type="technical" ticker="INFY" />);
    await waitForInput();
    type('Should I buy INFY now?');
    pressEnter();
    const block = await screen.findByRole('region', { name: 'SEBI Compliance Block' }, FIND);
    expect(block.textContent).toContain('SEBI Compliance Block');
    expect(block.textContent).toContain(BLOCKED.block_reason);
    expect(block.textContent).toContain('Try this instead:');
    await waitForInput();
    fireEvent.click(within(block).getByRole('button', { name: BLOCKED.alternative_suggestion! }));
    expect(input().value).toBe(BLOCKED.alternative_suggestion);
    expect(document.activeElement).toBe(input());
  });

  it('offers the nearest topics as buttons when Warren AI has no guide, and asks one on click', async () => {
    const { calls } = stubFetch(afterOpening(() => json(NO_GUIDE)));
    render(<ChatPanel type="sentiment" ticker={null} />);
    await waitForInput();
    type('How do perpetual bonds work?');
    pressEnter();
    const topics = await screen.findByRole('group', { name: 'Topics I have guides on' }, FIND);
    expect(screen.getByText(/I don’t have a guide on that yet\./)).toBeTruthy();
    expect(within(topics).getAllByRole('button').map((button) => button.textContent)).toEqual(NO_GUIDE.suggested_topics.map((topic) => topic.title));
    await waitForInput();
    fireEvent.click(within(topics).getByRole('button', { name: 'Bond prices and yields' }));
    await waitFor(() => expect(queries(calls).map(questionOf)).toContain('Why do bond prices move when yields change?'));
  });

  it('renders answers as safe markdown: no raw HTML, links, images or scripts', async () => {
    const hostile = [
      '### Reading RSI',
      'Plain *text* with `code`.',
      '<script>window.hacked = true</script>',
      '<img src="x" onerror="window.hacked = true">',
      '[a link](javascript:window.hacked=true) and ![an image](https://example.com/x.png)',
      '# A big heading',
      '- one',
      '- two',
    ].join('\n\n');
    stubFetch(chatServer({ query: () => json(answerOf('', { response: hostile })) }));
    render(<ChatPanel type="sentiment" ticker={null} />);
    await waitForInput();
    const answer = messagesOf('bot')[1]!;
    expect(answer.querySelector('script, img, a, iframe, h1')).toBeNull();
    expect(answer.querySelector('[onerror]')).toBeNull();
    expect(answer.textContent).not.toContain('<script>');
    expect(answer.textContent).not.toContain('onerror');
    expect(answer.textContent).toContain('a link');
    expect(answer.textContent).toContain('A big heading');
    expect(within(answer).getByRole('heading', { level: 3, name: 'Reading RSI' })).toBeTruthy();
    expect(within(answer).getByText('code').tagName).toBe('CODE');
    expect(within(answer).getAllByRole('listitem')).toHaveLength(2);
    expect((window as { hacked?: boolean }).hacked).toBeUndefined();
  });

  it('keeps the compliance note and disclaimer in view once, not under every answer', async () => {
    const { calls } = stubFetch(chatServer());
    render(<ChatPanel type="sentiment" ticker={null} />);
    await waitForInput();
    const notes = screen.getByTestId('chat-notes');
    expect(notes.textContent).toContain(COMPLIANCE_NOTE);
    expect(notes.textContent).toContain(DISCLAIMER);
    type('Another question');
    pressEnter();
    await waitFor(() => expect(queries(calls)).toHaveLength(2));
    await waitForInput();
    expect(screen.getAllByText(DISCLAIMER)).toHaveLength(1);
    expect(screen.getAllByText(COMPLIANCE_NOTE)).toHaveLength(1);
  });

  it("says when answers come from the built-in engine ('offline_mode')", async () => {
    stubFetch(chatServer({ start: () => json(startOf(null, { system_status: 'offline_mode' })), query: (call) => json(answerOf(questionOf(call), { system_status: 'offline_mode' })) }));
    render(<ChatPanel type="sentiment" ticker={null} />);
    expect((await screen.findByRole('note', {}, FIND)).textContent).toBe(CHAT_TEXTS.offline);
  });

  it('says nothing about the built-in engine while the language model answers', async () => {
    stubFetch(chatServer());
    render(<ChatPanel type="sentiment" ticker={null} />);
    await waitForInput();
    expect(screen.queryByText(CHAT_TEXTS.offline)).toBeNull();
  });

  it('starts a new chat, clearing the messages, when the stock changes', async () => {
    const { calls } = stubFetch(chatServer());
    const { rerender } = render(<ChatPanel type="technical" ticker="TCS" />);
    await waitForInput();
    expect(messagesOf('user')).toHaveLength(1);

    rerender(<ChatPanel type="technical" ticker="INFY" />);
    expect(messagesOf('user')).toHaveLength(0);
    expect(log().textContent).not.toContain(greetingOf('TCS'));
    await waitForInput();
    expect(calls.filter((call) => call.url === '/chat/technical/start').map((call) => call.body)).toEqual([{ ticker: 'TCS' }, { ticker: 'INFY' }]);
    expect(messagesOf('user').map((message) => message.textContent)).toEqual(["You: What do INFY's indicators show right now?"]);
    expect(log().textContent).toContain(greetingOf('INFY'));

    rerender(<ChatPanel type="sentiment" ticker="INFY" />);
    await waitFor(() => expect(calls.some((call) => call.url === '/chat/sentiment/start')).toBe(true));
    await waitForInput();
    expect(messagesOf('user').map((message) => message.textContent)).toEqual(['You: How is the market sentiment today?']);
  });

  it('drops the answer of a chat that was replaced', async () => {
    let release: (response: Response) => void = () => undefined;
    const { calls } = stubFetch(
      chatServer({
        query: (call) =>
          questionOf(call).includes('TCS')
            ? new Promise<Response>((resolve) => {
                release = resolve;
              })
            : json(answerOf(questionOf(call))),
      }),
    );
    const { rerender } = render(<ChatPanel type="technical" ticker="TCS" />);
    await waitFor(() => expect(queries(calls)).toHaveLength(1), FIND);
    rerender(<ChatPanel type="technical" ticker="INFY" />);
    await waitForInput();
    await act(async () => release(json(answerOf('TCS answer'))));
    expect(log().textContent).not.toContain('TCS answer');
  });

  it.each([
    ['503', () => json({ detail: 'The chat service is unavailable.' }, 503), START_ERRORS.configuring],
    ['500', () => json({ detail: 'Internal error', code: 'internal' }, 500), START_ERRORS.serverError],
    ['404', () => json({}, 404), START_ERRORS.notFound],
    ['a network failure', () => Promise.reject(new TypeError('Failed to fetch')), START_ERRORS.connection],
    ['501', () => json({ detail: 'chat.sentimentStart is not available yet', code: 'not_implemented' }, 501), START_ERRORS.unavailable],
  ] as const)('shows a start failure on %s as a system notice with its title', async (_name, start, notice) => {
    stubFetch(chatServer({ start }));
    render(<ChatPanel type="sentiment" ticker={null} />);
    const [system] = await waitFor(() => {
      const found = messagesOf('system');
      expect(found).toHaveLength(1);
      return found;
    }, FIND);
    expect(system!.querySelector('.chat-notice-title')?.textContent).toBe(notice.title);
    expect(system!.textContent).toContain(notice.content);
    expect(input().disabled).toBe(true);
    expect(messagesOf('user')).toHaveLength(0);
  });

  it('starts again when asked after a failed start', async () => {
    let starts = 0;
    const { calls } = stubFetch(chatServer({ start: () => (starts++ === 0 ? Promise.reject(new TypeError('Failed to fetch')) : json(startOf(null))) }));
    render(<ChatPanel type="sentiment" ticker={null} />);
    fireEvent.click(await screen.findByRole('button', { name: CHAT_TEXTS.retry }, FIND));
    await waitForInput();
    expect(messagesOf('system')).toHaveLength(0);
    expect(queries(calls)).toHaveLength(1);
  });

  it.each([
    ['503', 503, QUERY_ERRORS.unavailable],
    ['500', 500, QUERY_ERRORS.serverError],
  ] as const)('shows a %s answer to a question as a system notice', async (_name, status, notice) => {
    stubFetch(afterOpening(() => json({ detail: 'Something broke' }, status)));
    render(<ChatPanel type="sentiment" ticker={null} />);
    await waitForInput();
    type('What is breadth?');
    pressEnter();
    await waitFor(() => expect(messagesOf('system')).toHaveLength(1), FIND);
    expect(messagesOf('system')[0]!.querySelector('.chat-notice-title')?.textContent).toBe(notice.title);
    await waitForInput();
  });

  it('says sorry for other failed questions, and a rate limit in the server’s words', async () => {
    const answers = [
      () => json({ detail: 'Bad gateway' }, 502),
      () => Promise.reject(new TypeError('Failed to fetch')),
      () => json({ detail: 'You have asked 30 questions this minute. Please wait a minute before asking again.' }, 429),
    ];
    stubFetch(afterOpening((_call, index) => answers[index - 1]!()));
    render(<ChatPanel type="sentiment" ticker={null} />);
    for (const question of ['One?', 'Two?', 'Three?']) {
      await waitForInput();
      type(question);
      pressEnter();
    }
    await waitForInput();
    expect(messagesOf('error').map((message) => message.textContent)).toEqual([
      QUERY_ERRORS.generic,
      QUERY_ERRORS.generic,
      'You have asked 30 questions this minute. Please wait a minute before asking again.',
    ]);
  });

  it('starts a new chat once, and asks again, when the chat has expired', async () => {
    let starts = 0;
    let expired = false;
    const contextOf = (call: FetchCall) => (call.body as { context_id: string }).context_id;
    const { calls } = stubFetch(
      chatServer({
        start: () => json(startOf(null, { context_id: starts++ === 0 ? 'old' : 'fresh' })),
        query: (call) => (expired && contextOf(call) === 'old' ? json({ detail: 'This chat has expired.' }, 404) : json(answerOf(questionOf(call)))),
      }),
    );
    render(<ChatPanel type="sentiment" ticker={null} />);
    await waitForInput();
    expired = true;
    type('What is breadth?');
    pressEnter();
    await waitFor(() => expect(messagesOf('bot')).toHaveLength(3), FIND);
    expect(queries(calls).map(contextOf)).toEqual(['old', 'old', 'fresh']);
    expect(starts).toBe(2);
    expect(messagesOf('system')[0]!.querySelector('.chat-notice-title')?.textContent).toBe(CHAT_TEXTS.expired.title);
    expect(messagesOf('bot')[2]!.textContent).toContain('You asked: What is breadth?');
    expect(messagesOf('error')).toHaveLength(0);
  });

  it('says sorry when the new chat has expired too', async () => {
    let starts = 0;
    stubFetch(
      chatServer({
        start: () => {
          starts++;
          return json(startOf(null));
        },
        query: (call) => (questionOf(call).startsWith('How is') ? json(answerOf(questionOf(call))) : json({ detail: 'This chat has expired.' }, 404)),
      }),
    );
    render(<ChatPanel type="sentiment" ticker={null} />);
    await waitForInput();
    type('What is breadth?');
    pressEnter();
    await waitFor(() => expect(messagesOf('error')).toHaveLength(1), FIND);
    expect(messagesOf('error')[0]!.textContent).toBe(QUERY_ERRORS.generic);
    expect(starts).toBe(2);
    await waitForInput();
  });
});
