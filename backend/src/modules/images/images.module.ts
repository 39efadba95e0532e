import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ENV, type Env } from '../../platform/config/env.js';
import { StaffModule } from '../staff/index.js';
import { ActiveImageRecord } from './active-image.entity.js';
import { GeneratedImageRecord } from './generated-image.entity.js';
import { ImageBalanceCache } from './image-balance.js';
import { ImageJobs } from './image-jobs.js';
import { ImageRunRecord } from './image-run.entity.js';
import { ImageStore } from './image-store.service.js';
import { ImageVariantRecord } from './image-variant.entity.js';
import { ImagesController, SiteImagesController } from './images.controller.js';
import { ImagesProcessor } from './images.processor.js';
import { ImagesService } from './images.service.js';
import { SiteImageFiles } from './site-image-files.service.js';
import { STABILITY_CLIENT, stabilityClientFor } from './stability.provider.js';

/** Generated site images: their tables, live snapshots, jobs and balance cache (api and worker). Services only. */
@Module({
  imports: [TypeOrmModule.forFeature([ImageRunRecord, GeneratedImageRecord, ImageVariantRecord, ActiveImageRecord])],
  providers: [ImageStore, ImageJobs, ImageBalanceCache],
  exports: [ImageStore, ImageJobs, ImageBalanceCache],
})
export class ImagesModule {}

/** The generator's staff calls, POST /api/generate-image and the served variants. */
@Module({
  imports: [ImagesModule, StaffModule],
  controllers: [ImagesController, SiteImagesController],
  providers: [ImagesService, SiteImageFiles],
  exports: [SiteImageFiles],
})
export class ImagesApiModule {}

/** The worker's image processor and its Stability client (null without STABILITY_API_KEY). */
@Module({
  imports: [ImagesModule],
  providers: [ImagesProcessor, { provide: STABILITY_CLIENT, inject: [ENV], useFactory: (env: Env) => stabilityClientFor(env) }],
})
export class ImagesJobsModule {}
