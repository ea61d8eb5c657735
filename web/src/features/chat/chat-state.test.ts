import type { ChatQueryResponse } from '@nivesh/proto';
import type { ChatMessage, ChatSession, ChatState } from './chat-state';
import { answerMessage, answerNotes, canAsk, chatKey, chatReducer, initialChatState, isOfflineMode, standingNotes, systemMessage, userMessage } from './chat-state';
import { BLOCKED, COMPLIANCE_NOTE, DISCLAIMER, answerOf } from './testing/fixtures';

const SESSION: ChatSession = { session_id: 's', context_id: 'c', greeting: 'Hello', compliance_note: COMPLIANCE_NOTE, system_status: 'online' };
const KEY = chatKey('technical', 'TCS');
const ready = (): ChatState => chatReducer(chatReducer(initialChatState(KEY), { type: 'starting', key: KEY }), { type: 'started', key: KEY, session: SESSION });

describe('chat state machine', () => {
  it('goes from not started through initialising to ready with the session', () => {
    const start = initialChatState(KEY);
    expect(start.status).toBe('not_started');
    const initialising = chatReducer(start, { type: 'starting', key: KEY });
    expect(initialising).toMatchObject({ status: 'initialising', session: null, messages: [] });
    expect(ready()).toMatchObject({ status: 'ready', session: SESSION, messages: [], sending: false });
  });

  it('fails with a system notice', () => {
    const notice = systemMessage({ title: 'Connection Error', content: 'Check your connection.' });
    const failed = chatReducer(chatReducer(initialChatState(KEY), { type: 'starting', key: KEY }), { type: 'startFailed', key: KEY, notice });
    expect(failed).toMatchObject({ status: 'failed', session: null, messages: [notice] });
    expect(canAsk(failed, 'hello')).toBe(false);
  });

  it('is sending from a question until its answer', () => {
    const asked = chatReducer(ready(), { type: 'asked', key: KEY, message: userMessage('What is RSI?') });
    expect(asked.sending).toBe(true);
    expect(canAsk(asked, 'Another')).toBe(false);
    const answered = chatReducer(asked, { type: 'answered', key: KEY, message: answerMessage(answerOf('What is RSI?')) });
    expect(answered.sending).toBe(false);
    expect(answered.messages.map((message) => message.type)).toEqual(['user', 'bot']);
    expect(canAsk(answered, '   ')).toBe(false);
    expect(canAsk(answered, ' Next ')).toBe(true);
  });

  it('starts afresh for a new key and ignores late actions of the old one', () => {
    const asked = chatReducer(ready(), { type: 'asked', key: KEY, message: userMessage('What is RSI?') });
    const other = chatKey('technical', 'INFY');
    const restarted = chatReducer(asked, { type: 'starting', key: other });
    expect(restarted).toMatchObject({ key: other, status: 'initialising', messages: [], sending: false });
    expect(chatReducer(restarted, { type: 'answered', key: KEY, message: answerMessage(answerOf('late')) })).toBe(restarted);
    expect(chatReducer(restarted, { type: 'started', key: KEY, session: SESSION })).toBe(restarted);
  });

  it('keys a chat by type, and a technical chat by its stock too', () => {
    expect(chatKey('sentiment', null)).toBe('sentiment');
    expect(chatKey('sentiment', 'TCS')).toBe('sentiment');
    expect(chatKey('technical', 'TCS')).not.toBe(chatKey('technical', 'INFY'));
  });

  it('turns answers into bot messages or compliance blocks', () => {
    expect(answerMessage(answerOf('x'))).toMatchObject({ type: 'bot', blocked: false, disclaimer: DISCLAIMER });
    expect(answerMessage(BLOCKED)).toMatchObject({ type: 'blocked', blocked: true, alternative_suggestion: BLOCKED.alternative_suggestion });
  });

  it('is in offline mode by the latest answer, else by the session', () => {
    const offlineSession = { ...SESSION, system_status: 'offline_mode' as const };
    expect(isOfflineMode({ session: SESSION, messages: [] })).toBe(false);
    expect(isOfflineMode({ session: offlineSession, messages: [] })).toBe(true);
    expect(isOfflineMode({ session: offlineSession, messages: [answerMessage(answerOf('x'))] })).toBe(false);
    expect(isOfflineMode({ session: SESSION, messages: [answerMessage(answerOf('x', { system_status: 'offline_mode' })), userMessage('y')] })).toBe(true);
  });
});

describe('compliance notes', () => {
  const bot = (overrides: Partial<ChatQueryResponse> = {}): ChatMessage => answerMessage(answerOf('x', overrides));

  it('keep the chat’s note and the latest disclaimer in view', () => {
    expect(standingNotes({ session: null, messages: [] })).toEqual({ complianceNote: null, disclaimer: null });
    expect(standingNotes({ session: SESSION, messages: [] })).toEqual({ complianceNote: COMPLIANCE_NOTE, disclaimer: null });
    expect(standingNotes({ session: SESSION, messages: [bot({ disclaimer: 'Older.' }), bot()] })).toEqual({ complianceNote: COMPLIANCE_NOTE, disclaimer: DISCLAIMER });
  });

  it('show under an answer only what the standing notes do not say', () => {
    const standing = { complianceNote: COMPLIANCE_NOTE, disclaimer: DISCLAIMER };
    expect(answerNotes(bot(), standing)).toEqual([]);
    expect(answerNotes(bot({ disclaimer: 'Older.' }), standing)).toEqual(['Older.']);
    expect(answerNotes(bot({ compliance_note: 'Data as of 28 Mar 2024.', disclaimer: 'Data as of 28 Mar 2024.' }), standing)).toEqual(['Data as of 28 Mar 2024.']);
    expect(answerNotes(bot({ compliance_note: '', disclaimer: '' }), { complianceNote: null, disclaimer: null })).toEqual([]);
  });
});
