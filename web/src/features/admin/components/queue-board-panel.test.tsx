import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { LOGIN_VERIFIED, json, stubFetch } from '../../../testing/fetch-mock';
import { reload, startSession } from '../../../lib/session';
import { ADMIN_TEXTS } from '../texts';
import { QueueBoardPanel } from './queue-board-panel';

describe('Queues on /admin', () => {
  beforeEach(() => {
    localStorage.clear();
    reload();
    startSession({ ...LOGIN_VERIFIED, is_admin: true });
  });

  it('asks for the board pass with the bearer token, then goes to the board', async () => {
    const { calls } = stubFetch((call) => (call.url === '/api/admin/queues/session' ? json({ url: '/admin/queues', expires_at: '2026-11-24T20:00:00.000Z' }) : json({}, 404)));
    const go = vi.fn();
    render(<QueueBoardPanel go={go} />);
    fireEvent.click(screen.getByRole('button', { name: ADMIN_TEXTS.queues.open }));
    await waitFor(() => expect(go).toHaveBeenCalledWith('/admin/queues'));
    expect(calls[0]).toMatchObject({ method: 'POST', url: '/api/admin/queues/session' });
  });

  it('says so in a sentence when the pass is refused', async () => {
    stubFetch(() => json({ detail: 'Admin access required' }, 403));
    const go = vi.fn();
    render(<QueueBoardPanel go={go} />);
    fireEvent.click(screen.getByRole('button', { name: ADMIN_TEXTS.queues.open }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/^The queue board could not be opened\. /);
    expect(go).not.toHaveBeenCalled();
  });
});
