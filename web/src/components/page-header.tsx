import type { ReactNode } from 'react';
import './page-header.css';

type PageHeaderProps = {
  title: string;
  lead?: ReactNode;
  /** Shown above the title, e.g. the feature's brand. */
  eyebrow?: string;
};

/** A page's one h1 and its lead line. */
export function PageHeader({ title, lead, eyebrow }: PageHeaderProps) {
  return (
    <header className="page-header">
      {eyebrow ? <p className="eyebrow">{eyebrow}</p> : null}
      <h1>{title}</h1>
      {lead ? <p className="tagline">{lead}</p> : null}
    </header>
  );
}

/** The line every analysis page carries (section 1: educational, never buy or sell calls). */
export function EducationalNotice() {
  return (
    <p className="educational-notice">
      Educational analysis only — not investment advice, and never a recommendation to buy or sell.
    </p>
  );
}
