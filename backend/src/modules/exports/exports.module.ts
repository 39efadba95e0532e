import { Module } from '@nestjs/common';
import { StaffModule } from '../staff/index.js';
import { ExportsController } from './exports.controller.js';
import { ExportsService } from './exports.service.js';

/** CSV exports of leads and contacts for staff (staff-side.md §7). */
@Module({ imports: [StaffModule], providers: [ExportsService], controllers: [ExportsController] })
export class ExportsApiModule {}
