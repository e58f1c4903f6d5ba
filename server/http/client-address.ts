/**
 * The caller's network address for per-address rate limits: the socket's peer, or with
 * TRUST_PROXY=<n> the entry our nearest proxy saw in X-Forwarded-For; entries the client
 * wrote are never believed (docs/security.md, 'Rate limits').
 */
import { isIP } from 'node:net';
import type { Context } from 'hono';
import type { AppEnv } from '../context';

function socketAddress<E extends AppEnv>(c: Context<E>): string | undefined {
  const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming;
  return incoming?.socket?.remoteAddress;
}

/** The address `hops` proxies back in an X-Forwarded-For header, or undefined when there is no such valid entry. */
export function forwardedAddress(header: string | undefined, hops: number): string | undefined {
  if (!header || hops < 1 || header.length > 4096) return undefined;
  const entries = header.split(',');
  const entry = entries[entries.length - hops]?.trim();
  return entry && isIP(entry) ? entry : undefined;
}

/**
 * The rate-limit bucket of an address: IPv4 as is, an IPv4-mapped IPv6 address as its IPv4,
 * and other IPv6 addresses by their /64 network, since one home or phone is usually given a
 * whole /64 and could otherwise take a new bucket per request.
 */
export function addressBucket(address: string): string {
  const mapped = /^::ffff:(\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3})$/i.exec(address);
  if (mapped) return mapped[1];
  if (isIP(address) !== 6) return address;
  const [head, tail = ''] = address.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = address.includes('::')
    ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/**
 * The range an address bucket lies in, for limits a bot spreading over neighbours must share:
 * the /24 of an IPv4 address, the /48 of an IPv6 one (a site's usual allocation).
 */
export function addressRange(bucket: string): string {
  const v4 = /^(\d{1,3}\.\d{1,3}\.\d{1,3})\.\d{1,3}$/.exec(bucket);
  if (v4) return `${v4[1]}.0/24`;
  if (bucket.endsWith('::/64')) return `${bucket.split(':').slice(0, 3).join(':')}::/48`;
  return bucket;
}

/** The caller's address as seen (trusting proxies as configured): what the audit records. */
export function callerAddress<E extends AppEnv>(c: Context<E>): string {
  const hops = c.var.deps.config.trustProxy;
  return (
    (hops > 0 ? forwardedAddress(c.req.header('X-Forwarded-For'), hops) : undefined) ?? socketAddress(c) ?? 'local'
  );
}

export function clientAddress<E extends AppEnv>(c: Context<E>): string {
  return addressBucket(callerAddress(c));
}
