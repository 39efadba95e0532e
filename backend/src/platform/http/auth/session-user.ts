/** What a staff session holds and how a request exposes it. */
import type { Request } from 'express';
import type { Session, SessionData } from 'express-session';

/** The user passport keeps on `req.user` after deserialising the session. */
export interface SessionUser {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  isAdmin: boolean;
}

/** Session fields this app adds (beside passport's `passport.user`). */
export interface StaffSessionData {
  /** When the session was created by a login (ms since epoch): the absolute expiry counts from it. */
  loginAt?: number;
  passport?: { user?: string };
}

/** An express request after the session and passport middlewares. */
export type StaffRequest = Request & {
  user?: SessionUser;
  session?: Session & Partial<SessionData> & StaffSessionData;
  id?: string;
};
