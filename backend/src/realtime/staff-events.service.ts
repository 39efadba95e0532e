import { Injectable, Optional } from '@nestjs/common';
import { ServerEvent, type LeadChanged, type LeadChangeKind, type LeadStatus } from '@ironclad/contracts';
import { JobsGateway } from './jobs.gateway.js';

/**
 * Pushes data-change events to every signed-in admin's sockets (the staff room of JobsGateway,
 * through the Redis adapter on every api instance), so open dashboards refresh their lists,
 * KPIs and CRM without a reload. Call it after the change is committed. In a process without
 * the gateway (the worker) it does nothing.
 */
@Injectable()
export class StaffEventsService {
  constructor(@Optional() private readonly gateway?: JobsGateway) {}

  /** Emits `lead:changed` {leadId, kind, status?, at} to the staff room. */
  leadChanged(leadId: number, kind: LeadChangeKind, status?: LeadStatus): void {
    const payload: LeadChanged = { leadId, kind, ...(status ? { status } : {}), at: Date.now() };
    this.gateway?.emitToStaff(ServerEvent.LeadChanged, payload);
  }
}
