import { useId } from 'react';
import type { ReactNode } from 'react';
import { Icon } from './icons';
import './pending-panel.css';

type PendingPanelProps = {
  /** A heading, for a panel among others on a page that works. */
  title?: string;
  /** What is already true today (e.g. how administrators are created), never what the feature will hold. */
  children?: ReactNode;
  /** Plainly that the feature is not available yet, from lib/pending.ts. */
  pending: string;
  className?: string;
};

/** A feature that is not built yet: an honest note, and only what is true today. */
export function PendingPanel({ title, children, pending, className }: PendingPanelProps) {
  const id = useId();
  return (
    <section
      className={className ? `panel pending-panel ${className}` : 'panel pending-panel'}
      aria-labelledby={title ? id : undefined}
      aria-label={title ? undefined : pending}
      data-testid="pending-panel"
    >
      {title ? <h2 id={id}>{title}</h2> : null}
      {children ? <div className="pending-body">{children}</div> : null}
      <p className="pending-note">
        <Icon name="clock" />
        <span>{pending}</span>
      </p>
    </section>
  );
}
