import { EducationalNotice, PageHeader } from '../../../components/page-header';
import { PendingPanel } from '../../../components/pending-panel';
import { usePageMeta } from '../../../hooks/use-page-meta';
import { PENDING } from '../../../lib/pending';

/** /ai-news: market news with short AI summaries. */
export function AiNewsPage() {
  usePageMeta({
    title: 'AI News',
    description: 'Indian market news with short AI summaries and the stocks each story concerns.',
    path: '/ai-news',
  });
  return (
    <div className="page-body">
      <PageHeader title="AI News" lead="Market news in brief, with the stocks each story touches." />
      <EducationalNotice />
      <div className="panel-grid">
        <PendingPanel title="Headlines" className="span-2" pending={PENDING.news}>
          <p>The day&apos;s stories about NSE companies and the economy, newest first, each with its source.</p>
        </PendingPanel>
        <PendingPanel title="Summaries" pending={PENDING.news}>
          <p>A few sentences per story, written by AI and linked to the original article.</p>
        </PendingPanel>
        <PendingPanel title="By stock" pending={PENDING.news}>
          <p>Stories grouped by the companies they mention.</p>
        </PendingPanel>
      </div>
    </div>
  );
}
