import { type DynamicModule, Module, type Type } from '@nestjs/common';
import { JobsGateway } from './jobs.gateway.js';

/** The api's Socket.IO gateway (job watch relay, staff rooms). */
@Module({})
export class RealtimeModule {
  /**
   * @param sessionAuth a module that provides and exports a {@link SocketSessionAuth}; without
   *   one, no socket joins the staff room.
   */
  static forRoot(sessionAuth?: Type | DynamicModule): DynamicModule {
    return { module: RealtimeModule, imports: sessionAuth ? [sessionAuth] : [], providers: [JobsGateway] };
  }
}
