import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The catalogue an integrator keeps: every inventory item gets a unique SKU (the Excel import's
 * natural key; the seeded items get the SKUs of the seed, any other item `CATEGORY-000id`),
 * manufacturer, model, unit cost in cents and labour hours per unit. The (category, name) unique
 * index gives way to the SKU (two models may share a name). The list's order (active first, then
 * category and name) gets an index, and leads get a GIN index over their quote's equipment list,
 * so "does a stored quote refer to this item" (by SKU or name) is an index lookup.
 */
export class InventoryCatalogue1795310000000 implements MigrationInterface {
  name = 'InventoryCatalogue1795310000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "inventory" ADD "sku" character varying(64)`);
    await queryRunner.query(`ALTER TABLE "inventory" ADD "manufacturer" text`);
    await queryRunner.query(`ALTER TABLE "inventory" ADD "model" text`);
    await queryRunner.query(`ALTER TABLE "inventory" ADD "unit_cost_cents" integer`);
    await queryRunner.query(`ALTER TABLE "inventory" ADD "labour_hours" numeric(6,2) NOT NULL DEFAULT '0'`);
    await queryRunner.query(`
      UPDATE "inventory" AS i SET "sku" = v.sku
      FROM (VALUES
          ('cameras', '4K Turret IP Camera', 'CAM-TURRET-4K'),
          ('cameras', '4K Bullet IP Camera (Varifocal)', 'CAM-BULLET-4K'),
          ('cameras', '4MP Vandal-Resistant Dome Camera', 'CAM-DOME-4MP'),
          ('cameras', '4MP PTZ Camera (25x Optical Zoom)', 'CAM-PTZ-4MP'),
          ('cameras', 'Video Doorbell Camera', 'CAM-DOORBELL-2K'),
          ('nvr', '8-Channel PoE NVR (2 TB)', 'NVR-8CH-2TB'),
          ('nvr', '16-Channel PoE NVR (4 TB)', 'NVR-16CH-4TB'),
          ('nvr', '32-Channel NVR (8 TB, RAID)', 'NVR-32CH-8TB'),
          ('nvr', '4 TB Surveillance Hard Drive', 'NVR-HDD-4TB'),
          ('installation', 'Cat6 Wiring (per camera)', 'INS-CAT6-RUN'),
          ('installation', 'Camera Installation (per camera)', 'INS-CAM-MOUNT'),
          ('installation', 'Installation Crew Day', 'INS-CREW-DAY'),
          ('installation', 'Equipment Rack & Accessories', 'INS-RACK-9U'),
          ('installation', '16-Port PoE+ Switch', 'INS-POE-SW16'),
          ('installation', 'UPS Battery Backup (1500 VA)', 'INS-UPS-1500'),
          ('features', 'Access Control System (per door)', 'FEA-ACCESS-DOOR'),
          ('features', 'Video Intercom System (per door)', 'FEA-INTERCOM-DOOR'),
          ('features', 'Professional Monitoring Setup (per camera)', 'FEA-MONITOR-SETUP'),
          ('features', 'Alarm System Integration', 'FEA-ALARM-INTEG'),
          ('services', 'Camera Programming & Configuration (per camera)', 'SRV-PROGRAMMING'),
          ('services', 'On-Site Security Survey', 'SRV-SURVEY'),
          ('services', 'Professional Monitoring (per camera, monthly)', 'SRV-MONITOR-MONTHLY'),
          ('services', 'Annual Maintenance Visit', 'SRV-MAINTENANCE')
      ) AS v(category, name, sku)
      WHERE i."category" = v.category AND i."name" = v.name
    `);
    await queryRunner.query(`UPDATE "inventory" SET "sku" = upper("category") || '-' || lpad("id"::text, 6, '0') WHERE "sku" IS NULL`);
    await queryRunner.query(`ALTER TABLE "inventory" ALTER COLUMN "sku" SET NOT NULL`);
    await queryRunner.query(`CREATE UNIQUE INDEX "UQ_inventory_sku" ON "inventory" ("sku")`);
    await queryRunner.query(`DROP INDEX "public"."UQ_inventory_category_name"`);
    await queryRunner.query(`CREATE INDEX "IDX_inventory_active_category_name" ON "inventory" ("is_active", "category", "name")`);
    await queryRunner.query(
      `CREATE INDEX "IDX_leads_equipment_list" ON "leads" USING gin (("ai_recommendation" -> 'equipmentList') jsonb_path_ops)`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."IDX_leads_equipment_list"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_inventory_active_category_name"`);
    await queryRunner.query(`CREATE UNIQUE INDEX "UQ_inventory_category_name" ON "inventory" ("category", "name")`);
    await queryRunner.query(`DROP INDEX "public"."UQ_inventory_sku"`);
    await queryRunner.query(`ALTER TABLE "inventory" DROP COLUMN "labour_hours"`);
    await queryRunner.query(`ALTER TABLE "inventory" DROP COLUMN "unit_cost_cents"`);
    await queryRunner.query(`ALTER TABLE "inventory" DROP COLUMN "model"`);
    await queryRunner.query(`ALTER TABLE "inventory" DROP COLUMN "manufacturer"`);
    await queryRunner.query(`ALTER TABLE "inventory" DROP COLUMN "sku"`);
  }
}
