import { useId } from 'react';
import type { ReactNode } from 'react';
import { Icon } from './icons';

type PendingPanelProps = {
  title: string;
  /** What the panel will hold, in a sentence or two. */
  children: ReactNode;
  /** Plainly when the data comes, e.g. 'Live NSE data arrives with the market data release.' */
  pending: string;
  className?: string;
};

/** A panel of a page whose data a later release brings: its real heading and purpose, and an honest note. */
export function PendingPanel({ title, children, pending, className }: PendingPanelProps) {
  const id = useId();
  return (
    <section className={className ? `panel pending-panel ${className}` : 'panel pending-panel'} aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <div className="pending-body">{children}</div>
      <p className="pending-note">
        <Icon name="clock" />
        <span>{pending}</span>
      </p>
    </section>
  );
}
