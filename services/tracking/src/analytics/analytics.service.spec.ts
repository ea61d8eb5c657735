import type { AnalyticsSessionEntity } from './analytics-session.entity';
import type { AnalyticsRepository } from './analytics.repository';
import { ANALYTICS_SESSION_IDLE_MS, AnalyticsService, storableJson } from './analytics.service';

const NOW = new Date('2025-03-04T10:00:00.000Z');
const USER = { user_id: 'u-1', session_id: 'sid-1', is_admin: false };
const SESSION_ID = '5a0c5a1e-0000-4000-8000-000000000001';

const session = (fields: Partial<AnalyticsSessionEntity> = {}): AnalyticsSessionEntity => ({
  id: SESSION_ID,
  user_id: 'u-1',
  started_at: new Date(NOW.getTime() - 60_000),
  last_seen_at: new Date(NOW.getTime() - 10_000),
  ended_at: null,
  entry_page: 'Dashboard',
  last_page: 'Dashboard',
  ...fields,
});

const fakeRepository = (stored: AnalyticsSessionEntity | null) => {
  const repository = {
    start: jest.fn(async () => undefined),
    findById: jest.fn(async (id: string) => (stored?.id === id ? stored : null)),
    latestOpen: jest.fn(async () => stored),
    end: jest.fn(async (id: string, at: Date) => (stored && !stored.ended_at ? { ...stored, ended_at: at } : null)),
    addPageVisit: jest.fn(async () => undefined),
    addAction: jest.fn(async () => undefined),
  };
  return { repository, service: new AnalyticsService(repository as unknown as AnalyticsRepository) };
};

describe('AnalyticsService', () => {
  it('starts a session for the caller, or for nobody without one', async () => {
    const { repository, service } = fakeRepository(null);
    const started = await service.start({ page_name: 'Dashboard', caller: USER }, NOW);
    expect(started.started_at).toBe(NOW.toISOString());
    expect(repository.start).toHaveBeenCalledWith({ id: started.session_id, user_id: 'u-1', page_name: 'Dashboard', at: NOW });
    await service.start({ page_name: 'Chat' }, NOW);
    expect(repository.start).toHaveBeenLastCalledWith(expect.objectContaining({ user_id: null }));
  });

  it('a call without a session id uses the caller’s latest open session, active within the idle time', async () => {
    const { repository, service } = fakeRepository(session());
    await expect(service.pageVisit({ page_name: 'Chat', caller: USER }, NOW)).resolves.toEqual({ recorded: true, session_id: SESSION_ID });
    expect(repository.latestOpen).toHaveBeenCalledWith('u-1', new Date(NOW.getTime() - ANALYTICS_SESSION_IDLE_MS));
  });

  it('records nothing without a session to attach to', async () => {
    const { repository, service } = fakeRepository(null);
    await expect(service.pageVisit({ page_name: 'Chat', caller: USER }, NOW)).resolves.toEqual({ recorded: false, session_id: null });
    await expect(service.action({ action_type: 'click', success: true }, NOW)).resolves.toEqual({ recorded: false, session_id: null });
    await expect(service.end({ caller: USER }, NOW)).resolves.toEqual({ ended: false, session_id: null, duration_seconds: null });
    expect(repository.addPageVisit).not.toHaveBeenCalled();
  });

  it('refuses a session id that is not one, another user’s session, or an ended one', async () => {
    const other = fakeRepository(session({ user_id: 'u-2' }));
    await expect(other.service.pageVisit({ session_id: SESSION_ID, page_name: 'Chat', caller: USER }, NOW)).resolves.toMatchObject({ recorded: false });
    await expect(other.service.pageVisit({ session_id: SESSION_ID, page_name: 'Chat' }, NOW)).resolves.toMatchObject({ recorded: false });
    await expect(other.service.pageVisit({ session_id: 'not-a-uuid', page_name: 'Chat', caller: USER }, NOW)).resolves.toMatchObject({ recorded: false });
    expect(other.repository.findById).toHaveBeenCalledTimes(2);
    const ended = fakeRepository(session({ ended_at: NOW }));
    await expect(ended.service.pageVisit({ session_id: SESSION_ID, page_name: 'Chat', caller: USER }, NOW)).resolves.toMatchObject({ recorded: false });
  });

  it('lets anyone holding its id write to a session started without signing in', async () => {
    const { service } = fakeRepository(session({ user_id: null }));
    await expect(service.pageVisit({ session_id: SESSION_ID, page_name: 'Chat' }, NOW)).resolves.toEqual({ recorded: true, session_id: SESSION_ID });
    await expect(service.pageVisit({ session_id: SESSION_ID, page_name: 'Chat', caller: USER }, NOW)).resolves.toEqual({ recorded: true, session_id: SESSION_ID });
  });

  it('ends a session and answers how long it lasted', async () => {
    const { service } = fakeRepository(session());
    await expect(service.end({ session_id: SESSION_ID, caller: USER }, NOW)).resolves.toEqual({ ended: true, session_id: SESSION_ID, duration_seconds: 60 });
  });

  it('stores an action with its outcome, NUL dropped from its data', async () => {
    const { repository, service } = fakeRepository(session());
    await service.action({ action_type: 'predict', action_category: 'prediction', response_time_ms: 1234.6, success: false, error_message: 'Prediction failed', action_data: { ticker: 'TC\u0000S' }, caller: USER }, NOW);
    expect(repository.addAction).toHaveBeenCalledWith(
      expect.objectContaining({ id: SESSION_ID }),
      expect.objectContaining({ action_type: 'predict', action_category: 'prediction', response_time_ms: 1235, success: false, error_message: 'Prediction failed', action_data: { ticker: 'TCS' } }),
      NOW,
    );
  });

  it('storableJson cleans keys and strings at any depth and leaves other values alone', () => {
    expect(storableJson({ 'a\u0000': ['x\u0000y', 1, null, { b: true }] })).toEqual({ a: ['xy', 1, null, { b: true }] });
  });
});
