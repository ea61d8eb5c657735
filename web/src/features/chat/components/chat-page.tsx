import type { ChatType } from '@nivesh/proto';
import { useId } from 'react';
import { useSearchParams } from 'react-router';
import { SymbolPicker } from '../../../components/market/symbol-picker';
import { EducationalNotice, PageHeader } from '../../../components/page-header';
import { usePageMeta } from '../../../hooks/use-page-meta';
import { useSelectedSymbol } from '../../../lib/market/selected-symbol';
import { CHAT_TEXTS, CHAT_TYPE_NAMES } from '../texts';
import { ChatPanel } from './chat-panel';

const CHAT_TYPE_ORDER: readonly ChatType[] = ['sentiment', 'technical'];

/** The chat type in `?type=` of the address; a market-sentiment chat when there is none (or nonsense). */
export const chatTypeIn = (params: URLSearchParams): ChatType => (params.get('type') === 'technical' ? 'technical' : 'sentiment');

/**
 * /chat: Warren AI on a page of its own. The visitor chooses a market-sentiment chat or a technical chat about
 * one stock (RELIANCE unless another was picked on a market page); both are kept in the address.
 */
export function ChatPage() {
  usePageMeta({ title: CHAT_TEXTS.pageTitle, description: CHAT_TEXTS.pageDescription, path: '/chat' });
  const typeName = useId();
  const [params, setParams] = useSearchParams();
  const type = chatTypeIn(params);
  const [symbol, selectSymbol] = useSelectedSymbol();

  const chooseType = (next: ChatType) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        updated.set('type', next);
        return updated;
      },
      { replace: true },
    );

  return (
    <div className="page-body chat-page">
      <PageHeader eyebrow="Warren AI" title={CHAT_TEXTS.pageTitle} lead={CHAT_TEXTS.pageLead} />
      <EducationalNotice />
      <section className="panel chat-page-panel" aria-label="Warren AI">
        <div className="chat-page-controls">
          <fieldset className="chat-type-choice">
            <legend>{CHAT_TEXTS.typeLabel}</legend>
            {CHAT_TYPE_ORDER.map((option) => (
              <label key={option} className="chat-type-option">
                <input type="radio" name={typeName} value={option} checked={type === option} onChange={() => chooseType(option)} />
                <span>{CHAT_TYPE_NAMES[option].option}</span>
              </label>
            ))}
          </fieldset>
          {type === 'technical' ? (
            <div className="chat-page-picker">
              <SymbolPicker value={symbol} onChange={selectSymbol} />
            </div>
          ) : null}
        </div>
        <ChatPanel type={type} ticker={type === 'technical' ? symbol : null} />
      </section>
    </div>
  );
}
