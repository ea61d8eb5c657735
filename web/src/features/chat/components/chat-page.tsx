import { PageHeader } from '../../../components/page-header';
import { PendingPanel } from '../../../components/pending-panel';
import { usePageMeta } from '../../../hooks/use-page-meta';
import { PENDING } from '../../../lib/pending';

/** /chat: Warren AI, the educational assistant, not built yet; the page says so and promises nothing. */
export function ChatPage() {
  usePageMeta({ title: 'Warren AI Chat', description: PENDING.chat, path: '/chat' });
  return (
    <div className="page-body">
      <PageHeader title="Warren AI Chat" />
      <PendingPanel pending={PENDING.chat} />
    </div>
  );
}
