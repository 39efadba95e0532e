import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * The version of each kind of stored configuration (`site_settings`, `ai_recommendation_config`,
 * `promotions`, `inventory`). Database triggers on those tables set it from one sequence in the
 * transaction of every change (any writer: the api, the seed, an import, hand-written SQL), so a
 * version only grows and no two changes share one. The ConfigurationCache compares it with the
 * version of what it holds.
 */
@Entity({ name: 'configuration_versions' })
export class ConfigurationVersionRecord {
  @PrimaryColumn({ type: 'varchar', length: 40 })
  key!: string;

  @Column({ type: 'bigint' })
  version!: string;
}
