import type { RequestHandler } from 'express';

/**
 * How sockets authenticate (decisions.md §2: staff rooms authenticate with the HTTP session).
 * Implemented by the staff feature and handed to RealtimeModule by the api's composition root, so
 * the gateway knows neither sessions nor users.
 */
export abstract class SocketSessionAuth {
  /** Express middlewares run on the Socket.IO handshake (session, passport): they set `req.user`. */
  abstract readonly handshake: RequestHandler[];
  /**
   * Of the session ids `sids`, those that still grant staff access now (session present and not
   * expired, login recent enough, user still an admin).
   */
  abstract stillStaff(sids: string[]): Promise<Set<string>>;
}
