import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { RequestHandler } from 'express';
import type { DataSource } from 'typeorm';
import { ENV, type Env } from '../../platform/config/env.js';
import { SocketSessionAuth } from '../../platform/realtime/socket-auth.js';
import { SessionSetup } from './session-setup.js';

/**
 * Staff sockets authenticate with the HTTP session (decisions.md §2): the session and passport
 * middlewares run on the Socket.IO handshake, and a socket stays in the staff room only while its
 * session grants staff access.
 */
@Injectable()
export class StaffSocketAuth extends SocketSessionAuth {
  readonly handshake: RequestHandler[];

  constructor(
    setup: SessionSetup,
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(ENV) private readonly env: Env,
  ) {
    super();
    this.handshake = setup.handlers;
  }

  /**
   * The session ids of `sids` whose `sessions` row exists and is not past its (idle) expiry, whose
   * login is at most SESSION_ABSOLUTE_HOURS old, and whose user is still an admin.
   */
  async stillStaff(sids: string[]): Promise<Set<string>> {
    const rows: { sid: string }[] = await this.dataSource.query(
      `SELECT s.sid FROM sessions s JOIN users u ON u.id = s.sess -> 'passport' ->> 'user'
        WHERE s.sid = ANY($1) AND s.expire >= now() AND u.is_admin
          AND coalesce((s.sess ->> 'loginAt')::bigint, 0) >= $2`,
      [sids, Date.now() - this.env.SESSION_ABSOLUTE_HOURS * 3_600_000],
    );
    return new Set(rows.map((r) => r.sid));
  }
}
