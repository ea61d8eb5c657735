import { Column, Entity, PrimaryColumn } from 'typeorm';

/** The one device per user that may use premium, and the one it was last moved away from. */
@Entity({ schema: 'premium', name: 'device_claims' })
export class DeviceClaimEntity {
  @PrimaryColumn({ type: 'text' })
  user_id!: string;

  /** deviceIdOf(fingerprint): an HMAC, never the fingerprint itself. */
  @Column({ type: 'text' })
  device_id!: string;

  @Column({ type: 'timestamptz' })
  claimed_at!: Date;

  /** The device premium moved away from; it is told so ('premium moved') at its next status check. */
  @Column({ type: 'text', nullable: true })
  previous_device_id!: string | null;

  /** The address the gateway saw the claiming request come from. */
  @Column({ type: 'text', nullable: true })
  connection_ip!: string | null;

  /** The address the browser reported (`ip_address`), kept only as supplied data. */
  @Column({ type: 'text', nullable: true })
  reported_ip!: string | null;
}
