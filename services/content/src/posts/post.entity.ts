import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { BlogPostStatus } from '@nivesh/proto';

/** One blog post (see the create-posts migration). */
@Entity({ schema: 'content', name: 'posts' })
export class PostEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ type: 'varchar', length: 80 })
  slug!: string;

  @Column({ type: 'varchar', length: 160 })
  title!: string;

  @Column({ type: 'text' })
  markdown!: string;

  @Column({ type: 'text' })
  html!: string;

  @Column({ type: 'text', nullable: true })
  summary!: string | null;

  @Column({ type: 'text' })
  excerpt!: string;

  @Column({ type: 'text', array: true })
  tags!: string[];

  @Column({ type: 'varchar', length: 64 })
  author!: string;

  @Column({ type: 'varchar', length: 16 })
  status!: BlogPostStatus;

  @Column({ type: 'timestamptz', nullable: true })
  published_at!: Date | null;

  @Column({ type: 'integer' })
  reading_minutes!: number;

  @Column({ type: 'timestamptz' })
  created_at!: Date;

  @Column({ type: 'timestamptz' })
  updated_at!: Date;
}
