import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { AnnouncedKind, AnnouncementTerms } from '../nse/corporate-actions/announcements';
import { NUMBER } from '../common/columns';

/**
 * Where an announcement stands: 'ignored' (nothing to adjust, or unreadable: `note` says which), 'pending' (waiting for
 * its ex-date's prices, or for its symbol to join the universe), 'applied' (stored as a corporate action, or an action
 * already stored that day was kept), 'refused' (its prices give no factor between 0 and 1).
 */
export type AnnouncementStatus = 'ignored' | 'pending' | 'applied' | 'refused';

/** A corporate-action announcement from NSE's feed, kept as published with what Nivesh made of it (see the migration). */
@Entity({ schema: 'market', name: 'action_announcements' })
export class ActionAnnouncementEntity {
  /** bigint: pg sends it as text. */
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id!: string;

  /** NSE's symbol as announced (a renamed symbol is matched by ISIN when applied). */
  @Column({ type: 'varchar', length: 32 })
  symbol!: string;

  @Column({ type: 'varchar', length: 12, nullable: true })
  isin!: string | null;

  @Column({ type: 'date' })
  ex_date!: string;

  @Column({ type: 'date', nullable: true })
  record_date!: string | null;

  /** NSE's subject, as published. */
  @Column({ type: 'text' })
  subject!: string;

  /** The kind it is stored as; null when it is not applied. */
  @Column({ type: 'varchar', length: 16, nullable: true })
  kind!: AnnouncedKind | null;

  /** New shares per old share for the share-count kinds, else null. */
  @Column({ type: 'numeric', nullable: true, transformer: NUMBER })
  ratio!: number | null;

  @Column({ type: 'jsonb', default: () => `'{}'::jsonb` })
  terms!: AnnouncementTerms;

  @Column({ type: 'varchar', length: 8, default: 'nse' })
  source!: 'nse';

  @Column({ type: 'text', nullable: true })
  source_url!: string | null;

  /** When Nivesh first saw it. */
  @Column({ type: 'timestamptz' })
  announced_at!: Date;

  /** When it was stored as a corporate action (or found one already stored that day); null until then. */
  @Column({ type: 'timestamptz', nullable: true })
  applied_at!: Date | null;

  @Column({ type: 'varchar', length: 8 })
  status!: AnnouncementStatus;

  /** A sentence for people: what it is, or why it is not applied. */
  @Column({ type: 'text' })
  note!: string;
}
