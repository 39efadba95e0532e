/**
 * The client's address as rate limits see it: Express's `req.ip`, resolved through the proxies of
 * TRUSTED_PROXIES only, and keyed so that one subscriber is one key.
 */
import ipaddr from 'ipaddr.js';

/**
 * Express's `trust proxy` value for TRUSTED_PROXIES: `false` when empty (the socket's address is
 * the client's), a hop count for a number, else the comma list itself (addresses, CIDR ranges,
 * loopback / linklocal / uniquelocal).
 */
export function trustProxySetting(trustedProxies: string): boolean | number | string {
  const t = trustedProxies.trim();
  if (t === '') return false;
  if (/^\d+$/.test(t)) return Number(t);
  return t
    .split(',')
    .map((p) => p.trim())
    .join(', ');
}

/**
 * The limiter key of a client address: the IPv4 address itself (also for an IPv4-mapped IPv6
 * address), the /64 network of an IPv6 address (`2001:db8:1:2::/64`, the block one subscriber
 * gets, so rotating addresses inside it does not help), the raw text otherwise.
 */
export function addressKey(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  const addr = ipaddr.process(ip);
  if (addr.kind() === 'ipv4') return addr.toString();
  const parts = (addr as ipaddr.IPv6).parts.slice(0, 4).map((p) => p.toString(16));
  return `${parts.join(':')}::/64`;
}
