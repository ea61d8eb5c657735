import { PageHeader } from '../../../components/page-header';
import { PendingPanel } from '../../../components/pending-panel';
import { usePageMeta } from '../../../hooks/use-page-meta';
import { PENDING } from '../../../lib/pending';

/** /chat: a full-page conversation with Warren AI, the educational assistant. */
export function ChatPage() {
  usePageMeta({
    title: 'Warren AI Chat',
    description: 'Ask Warren AI, an educational assistant, about technical analysis and market sentiment. No tips, no price targets.',
    path: '/chat',
  });
  return (
    <div className="page-body">
      <PageHeader title="Warren AI Chat" lead="An educational assistant for technical analysis and market sentiment." />
      <div className="panel-grid">
        <PendingPanel title="Conversation" className="span-2" pending={PENDING.chat}>
          <p>Choose a technical or a sentiment conversation, optionally about one stock, and ask in your own words.</p>
        </PendingPanel>
        <section className="panel" aria-labelledby="chat-can-heading">
          <h2 id="chat-can-heading">What Warren AI can do</h2>
          <ul className="plain-list">
            <li>Explain what an indicator such as RSI or MACD is showing.</li>
            <li>Describe the market&apos;s mood and what usually drives it.</li>
            <li>Help you learn the vocabulary of investing.</li>
          </ul>
        </section>
        <section className="panel" aria-labelledby="chat-cannot-heading">
          <h2 id="chat-cannot-heading">What it will not do</h2>
          <ul className="plain-list">
            <li>Tell you to buy or sell anything.</li>
            <li>Give price targets or promise returns.</li>
          </ul>
          <p className="muted">Its replies are educational only, following SEBI&apos;s rules for investment advice.</p>
        </section>
      </div>
    </div>
  );
}
