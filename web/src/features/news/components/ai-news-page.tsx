import { PageHeader } from '../../../components/page-header';
import { PendingPanel } from '../../../components/pending-panel';
import { usePageMeta } from '../../../hooks/use-page-meta';
import { PENDING } from '../../../lib/pending';

/** /ai-news: AI News, not built yet; the page says so and promises nothing. */
export function AiNewsPage() {
  usePageMeta({ title: 'AI News', description: PENDING.news, path: '/ai-news' });
  return (
    <div className="page-body">
      <PageHeader title="AI News" />
      <PendingPanel pending={PENDING.news} />
    </div>
  );
}
