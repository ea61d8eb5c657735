import Markdown from 'react-markdown';

/**
 * The only elements an answer may render: paragraphs, emphasis, lists, inline code, small headings and line
 * breaks. Raw HTML is skipped, and anything else (links, images, tables, big headings) is unwrapped to its text,
 * so an answer can neither run script nor send the visitor elsewhere.
 */
export const ANSWER_ELEMENTS = ['p', 'strong', 'em', 'ul', 'ol', 'li', 'code', 'h3', 'h4', 'br'] as const;

/** A Warren AI answer written in markdown, rendered safely. */
export function AnswerMarkdown({ text }: { text: string }) {
  return (
    <div className="chat-markdown">
      <Markdown skipHtml allowedElements={ANSWER_ELEMENTS} unwrapDisallowed>
        {text}
      </Markdown>
    </div>
  );
}
