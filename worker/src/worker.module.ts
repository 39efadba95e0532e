import { type DynamicModule, Module } from '@nestjs/common';
import {
  CommunicationsJobsModule,
  ENTITIES,
  EstimatesJobsModule,
  ExportsJobsModule,
  ImagesJobsModule,
  MessagingJobsModule,
} from '@ironclad/backend/jobs';
import { PlatformModule, type Env } from '@ironclad/backend/platform';

/**
 * The worker process: the back end's platform in its worker role (the job host, no HTTP) and the
 * job modules of the features, whose processors drain the queues.
 */
@Module({})
export class WorkerModule {
  static forRoot(env: Env): DynamicModule {
    return {
      module: WorkerModule,
      imports: [
        PlatformModule.forRoot(env, { role: 'worker', entities: ENTITIES }),
        MessagingJobsModule,
        CommunicationsJobsModule,
        EstimatesJobsModule,
        ImagesJobsModule,
        ExportsJobsModule,
      ],
    };
  }
}
