/**
 * A TCP forwarder that can be cut (tests of a database outage): `cut()` drops every connection and
 * refuses new ones, as a stopped PostgreSQL does; `restore()` listens again on the same port. The
 * implementation is plain ESM in scripts/lib/tcp-cut.mjs, shared with the browser tests.
 */
// @ts-expect-error plain ESM module without types (typed below)
import { startTcpCut as start } from '../../../scripts/lib/tcp-cut.mjs';

export interface TcpCut {
  /** The target URL with the forwarder's host and port. */
  url: string;
  port: number;
  cut(): Promise<void>;
  restore(): Promise<void>;
  close(): Promise<void>;
}

export const startTcpCut = (targetUrl: string): Promise<TcpCut> => start(targetUrl);
