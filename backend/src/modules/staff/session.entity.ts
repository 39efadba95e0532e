import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * Staff sessions, in connect-pg-simple's layout (staff-side.md §3 "sessions", decisions.md §1):
 * `sid` key, `sess` json, `expire` timestamp (indexed, for the expiry sweep).
 */
@Entity({ name: 'sessions' })
export class SessionRecord {
  @PrimaryColumn({ type: 'varchar' })
  sid!: string;

  @Column({ type: 'json' })
  sess!: Record<string, unknown>;

  @Index('IDX_session_expire')
  @Column({ type: 'timestamp', precision: 6 })
  expire!: Date;
}
