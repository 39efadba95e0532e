import { Check, Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import type { ImageRunKind, ImageRunStatus, StabilityModel } from '@ironclad/contracts';

/**
 * One request of staff for images (staff-side.md §4): Generate All / Regenerate All (`all`, the
 * 11 keys), one key regenerated (`one`), or a free prompt (`custom`). Its images are
 * {@link GeneratedImageRecord}s; the run is `running` until its ImageRun job closes it.
 */
@Entity({ name: 'image_runs' })
@Check('CHK_image_runs_kind', `"kind" IN ('all', 'one', 'custom')`)
@Check('CHK_image_runs_status', `"status" IN ('running', 'completed', 'cancelled')`)
@Index('IDX_image_runs_created', ['createdAt'])
export class ImageRunRecord {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'varchar', length: 16 })
  kind!: ImageRunKind;

  @Column({ type: 'varchar', length: 16, default: 'running' })
  status!: ImageRunStatus;

  @Column({ type: 'varchar', length: 16 })
  model!: StabilityModel;

  /** Images in the run. */
  @Column({ type: 'integer' })
  total!: number;

  @Column({ type: 'text', nullable: true })
  createdById!: string | null;

  @Column({ type: 'text', nullable: true })
  createdByEmail!: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;

  @Column({ type: 'timestamptz', nullable: true })
  finishedAt!: Date | null;
}
