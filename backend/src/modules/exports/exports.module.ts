import { Module } from '@nestjs/common';
import { StaffModule } from '../staff/index.js';
import { ExportFilesStore } from './export-files.store.js';
import { ExportsController } from './exports.controller.js';
import { ExportsProcessor } from './exports.processor.js';
import { ExportsService } from './exports.service.js';

/** The export file store, shared by the api and the worker (issue 27). */
@Module({ providers: [ExportFilesStore], exports: [ExportFilesStore] })
export class ExportsModule {}

/** CSV exports of leads and contacts for staff (staff-side.md §7, §9): the HTTP side. */
@Module({ imports: [StaffModule, ExportsModule], providers: [ExportsService], controllers: [ExportsController] })
export class ExportsApiModule {}

/** The `exports` queue's processor (the worker side). */
@Module({ imports: [ExportsModule], providers: [ExportsProcessor] })
export class ExportsJobsModule {}
