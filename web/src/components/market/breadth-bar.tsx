import type { MarketOverview } from '@nivesh/proto';
import { formatIndianNumber } from '../../lib/format';
import './market.css';

type Breadth = MarketOverview['breadth'];

const PARTS = [
  { key: 'advancers', name: 'Advancers', note: 'rose' },
  { key: 'decliners', name: 'Decliners', note: 'fell' },
  { key: 'unchanged', name: 'Unchanged', note: 'were flat' },
] as const;

/** How many stocks rose, fell or stayed flat, with a bar of their shares (SVG widths: no inline styles under the CSP). */
export function BreadthBar({ breadth }: { breadth: Breadth }) {
  const total = breadth.advancers + breadth.decliners + breadth.unchanged;
  let offset = 0;
  const segments = PARTS.map((part) => {
    const width = total ? (breadth[part.key] / total) * 100 : 0;
    const segment = { ...part, x: offset, width };
    offset += width;
    return segment;
  });
  const summary = PARTS.map((part) => `${formatIndianNumber(breadth[part.key], 0)} ${part.note}`).join(', ');
  return (
    <div className="breadth" data-testid="breadth">
      <svg
        className="breadth-bar"
        viewBox="0 0 100 4"
        preserveAspectRatio="none"
        role="img"
        aria-label={`Of ${formatIndianNumber(total, 0)} stocks, ${summary}.`}
      >
        {segments.map((segment) =>
          segment.width > 0 ? <rect key={segment.key} className={`breadth-${segment.key}`} x={segment.x} y={0} width={segment.width} height={4} /> : null,
        )}
      </svg>
      <dl className="stat-list">
        {PARTS.map((part) => (
          <div key={part.key} className={`breadth-${part.key}`}>
            <dt>{part.name}</dt>
            <dd data-testid={`breadth-${part.key}`}>{formatIndianNumber(breadth[part.key], 0)}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
