import { WebSocketGateway, WebSocketServer } from '@nestjs/websockets';
import type { Server } from 'socket.io';

/**
 * Reads the connection count of the api's one Socket.IO server (a gateway on the same path joins
 * the server the platform's gateway created, as feature gateways do). Handles no message.
 */
@WebSocketGateway({ path: '/socket.io' })
export class SocketConnectionsGateway {
  @WebSocketServer() server?: Server;

  /** Socket.IO (Engine.IO) connections open on this api instance; 0 before the server exists. */
  connections(): number {
    return this.server?.engine?.clientsCount ?? 0;
  }
}
