import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CaseStudyRecord } from './case-study.entity.js';
import { CaseStudiesController } from './case-studies.controller.js';

@Module({ imports: [TypeOrmModule.forFeature([CaseStudyRecord])], controllers: [CaseStudiesController] })
export class CaseStudiesModule {}
