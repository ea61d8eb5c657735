import { useState } from 'react';
import { openQueueBoardPass } from '../api/open-queue-board';
import { failureReason } from '../format';
import { ADMIN_TEXTS } from '../texts';

/** Opens Bull Board at /admin/queues: asks for the pass first, then goes there in this tab. */
export function QueueBoardPanel({ go = (url: string) => window.location.assign(url) }: { go?: (url: string) => void }) {
  const [state, setState] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });
  const open = async () => {
    setState({ busy: true, error: null });
    try {
      const { url } = await openQueueBoardPass();
      go(url);
    } catch (error) {
      setState({ busy: false, error: ADMIN_TEXTS.queues.failed(failureReason(error)) });
    }
  };
  return (
    <section className="panel" aria-labelledby="admin-queues-heading">
      <h2 id="admin-queues-heading">{ADMIN_TEXTS.queues.title}</h2>
      <p>{ADMIN_TEXTS.queues.lead}</p>
      <button type="button" className="secondary" onClick={() => void open()} disabled={state.busy}>
        {state.busy ? ADMIN_TEXTS.queues.opening : ADMIN_TEXTS.queues.open}
      </button>
      {state.error ? (
        <p className="form-error" role="alert">
          {state.error}
        </p>
      ) : null}
    </section>
  );
}
