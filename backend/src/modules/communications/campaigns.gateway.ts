import { ConnectedSocket, MessageBody, SubscribeMessage, WebSocketGateway } from '@nestjs/websockets';
import type { Socket } from 'socket.io';
import { ClientEvent, ServerEvent, campaignRoom, watchCampaignSchema } from '@ironclad/contracts';
import type { StaffRequest } from '../../platform/http/auth/session-user.js';
import { CampaignsService } from './campaigns.service.js';

/**
 * Campaign progress over Socket.IO (staff sockets only), on the api's one Socket.IO server. The
 * updates themselves come from CampaignProgressPublisher (≤ 4/s per campaign).
 */
@WebSocketGateway({ path: '/socket.io' })
export class CampaignsGateway {
  constructor(private readonly campaigns: CampaignsService) {}

  /**
   * `campaign:watch {campaignId}`: joins `campaign:{id}` and immediately sends a
   * `campaign:progress` snapshot. Answers (ack) `{ok: true}`, or `{ok: false, error}` for a
   * non-staff socket, a bad id or an unknown campaign.
   */
  @SubscribeMessage(ClientEvent.WatchCampaign)
  async watch(@ConnectedSocket() socket: Socket, @MessageBody() body: unknown): Promise<{ ok: boolean; error?: string }> {
    if (!(socket.request as unknown as StaffRequest).user?.isAdmin) return { ok: false, error: 'staff session required' };
    const parsed = watchCampaignSchema.safeParse(body);
    if (!parsed.success) return { ok: false, error: 'campaignId must be a campaign id' };
    const snapshot = await this.campaigns.progress(parsed.data.campaignId);
    if (!snapshot) return { ok: false, error: 'campaign not found' };
    await socket.join(campaignRoom(parsed.data.campaignId));
    socket.emit(ServerEvent.CampaignProgress, snapshot);
    return { ok: true };
  }

  /** `campaign:unwatch {campaignId}`: leaves the campaign's room. */
  @SubscribeMessage(ClientEvent.UnwatchCampaign)
  async unwatch(@ConnectedSocket() socket: Socket, @MessageBody() body: unknown): Promise<{ ok: boolean }> {
    const parsed = watchCampaignSchema.safeParse(body);
    if (parsed.success) await socket.leave(campaignRoom(parsed.data.campaignId));
    return { ok: parsed.success };
  }
}
