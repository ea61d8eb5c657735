import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { ChatType } from '@nivesh/proto';

/** A started chat: its type, its ticker (technical chats) and the session it belongs to. */
@Entity({ schema: 'chat', name: 'contexts' })
export class ContextEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ type: 'uuid' })
  session_id!: string;

  @Column({ type: 'varchar', length: 16 })
  chat_type!: ChatType;

  @Column({ type: 'varchar', length: 32, nullable: true })
  ticker!: string | null;

  @Column({ type: 'timestamptz' })
  created_at!: Date;

  @Column({ type: 'timestamptz' })
  last_active_at!: Date;
}
