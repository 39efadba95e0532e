import { Injectable } from '@nestjs/common';
import { ServerEvent, type LeadActivityEvent, type LeadChanged, type LeadChangeKind, type LeadStatus } from '@ironclad/contracts';
import { LiveEvents } from '../../platform/realtime/live-events.js';

/**
 * Live events about leads for the signed-in admins (staff room), raised after the change is
 * committed: open dashboards refetch their lists, KPIs, CRM views and timelines.
 */
@Injectable()
export class LeadEvents {
  constructor(private readonly live: LiveEvents) {}

  /**
   * `lead:changed {leadId, kind, status?, at}`: a lead was created, its status or other fields
   * changed, or it was deleted. `status` is the lead's status after the change.
   */
  changed(leadId: number, kind: LeadChangeKind, status?: LeadStatus): void {
    const event: LeadChanged = { leadId, kind, ...(status ? { status } : {}), at: Date.now() };
    this.live.toStaff(ServerEvent.LeadChanged, event);
  }

  /** `lead:activity {leadId, type}`: the lead's timeline changed (a message, call, payment, status). */
  activity(event: LeadActivityEvent): void {
    this.live.toStaff(ServerEvent.LeadActivity, event);
  }
}
