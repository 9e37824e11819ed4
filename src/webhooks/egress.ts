/**
 * Webhook egress: which addresses may receive a delivery, and a POST that goes
 * to the very address that was checked.
 *
 * A receiver's name is resolved once per attempt (creation, each delivery,
 * each retry); every address it resolves to must be public, and the
 * connection is made to the first of them through the HTTP client's `lookup`
 * (the client never resolves the name again), so a name whose answer changes
 * between the check and the connection (DNS rebinding) cannot reach the
 * inside. Redirects are not followed: a 3xx is an answer like any other.
 *
 * INTERNAL is the one table of refused ranges. IPv6 addresses that carry an
 * IPv4 address (IPv4-mapped ::ffff:0:0/96, IPv4-translated ::ffff:0:0:0/96,
 * IPv4-compatible ::/96, NAT64 64:ff9b::/96 and 64:ff9b:1::/48, 6to4 2002::/16)
 * are judged by the IPv4 address they carry; any other IPv6 address outside
 * global unicast (2000::/3) is refused as reserved.
 */
import dns from 'node:dns/promises';
import net from 'node:net';
import { Agent, request } from 'undici';

/** [first address, prefix length, why]: every range a delivery may not go to. */
export const INTERNAL: readonly (readonly [string, number, string])[] = [
  ['0.0.0.0', 8, 'this network'],
  ['10.0.0.0', 8, 'private'],
  ['100.64.0.0', 10, 'carrier-grade NAT'],
  ['127.0.0.0', 8, 'loopback'],
  ['169.254.0.0', 16, 'link-local'],
  ['172.16.0.0', 12, 'private'],
  ['192.0.0.0', 24, 'IETF protocol assignments'],
  ['192.0.2.0', 24, 'documentation'],
  ['192.88.99.0', 24, '6to4 relay'],
  ['192.168.0.0', 16, 'private'],
  ['198.18.0.0', 15, 'benchmarking'],
  ['198.51.100.0', 24, 'documentation'],
  ['203.0.113.0', 24, 'documentation'],
  ['224.0.0.0', 4, 'multicast'],
  ['240.0.0.0', 4, 'reserved'],
  ['::', 128, 'unspecified'],
  ['::1', 128, 'loopback'],
  ['100::', 64, 'discard'],
  ['2001::', 23, 'IETF protocol assignments (Teredo included)'],
  ['2001:db8::', 32, 'documentation'],
  ['fc00::', 7, 'unique-local'],
  ['fe80::', 10, 'link-local'],
  ['fec0::', 10, 'site-local'],
  ['ff00::', 8, 'multicast'],
];

/** IPv6 prefixes whose address carries an IPv4 address: [prefix, length, bit offset of the IPv4 address]. */
const CARRIERS: readonly (readonly [string, number, number])[] = [
  ['::ffff:0:0', 96, 96], // IPv4-mapped
  ['::ffff:0:0:0', 96, 96], // IPv4-translated (SIIT)
  ['::', 96, 96], // IPv4-compatible (deprecated)
  ['64:ff9b::', 96, 96], // NAT64, well-known prefix
  ['64:ff9b:1::', 48, 96], // NAT64, local use
  ['2002::', 16, 16], // 6to4
];

function v4(address: string): bigint {
  return address.split('.').reduce((n, part) => (n << 8n) | BigInt(Number(part)), 0n);
}

function v6(address: string): bigint {
  let a = address.split('%')[0].toLowerCase();
  const tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(a);
  if (tail) {
    const n = v4(tail[1]);
    a = a.slice(0, -tail[1].length) + `${(n >> 16n).toString(16)}:${(n & 0xffffn).toString(16)}`;
  }
  const [head, rest] = a.split('::');
  const h = head ? head.split(':') : [];
  const r = rest !== undefined && rest !== '' ? rest.split(':') : [];
  const groups = rest === undefined ? h : [...h, ...Array(8 - h.length - r.length).fill('0'), ...r];
  return groups.reduce((n, g) => (n << 16n) | BigInt(parseInt(g, 16)), 0n);
}

const within = (n: bigint, bits: number, first: bigint, len: number) => (n >> BigInt(bits - len)) === (first >> BigInt(bits - len));

/** Why an address may not receive deliveries ("loopback", "private" …; the range of a carried IPv4 address names its form), or null when it is public. */
export function internalRange(address: string): string | null {
  if (net.isIPv4(address)) {
    const n = v4(address);
    const hit = INTERNAL.find(([first, len]) => net.isIPv4(first) && within(n, 32, v4(first), len));
    return hit ? hit[2] : null;
  }
  if (!net.isIPv6(address)) return 'not an IP address';
  const n = v6(address);
  for (const [first, len, at] of CARRIERS) {
    if (!within(n, 128, v6(first), len) || (first === '::' && n <= 1n)) continue;
    const inner = (n >> BigInt(128 - at - 32)) & 0xffffffffn;
    const why = internalRange([24n, 16n, 8n, 0n].map((s) => String((inner >> s) & 0xffn)).join('.'));
    // A form that carries an IPv4 address is judged by it alone (a public one passes, 6to4's 2002::/16 too).
    return why ? `${why} (carried in IPv6 ${first}/${len})` : null;
  }
  const hit = INTERNAL.find(([first, len]) => net.isIPv6(first) && within(n, 128, v6(first), len));
  if (hit) return hit[2];
  // Only global unicast (2000::/3) reaches a public receiver; the rest of the space is reserved.
  return within(n, 128, v6('2000::'), 3) ? null : 'reserved (outside global unicast 2000::/3)';
}

/** Resolves a host name to its addresses (tests inject their own). */
export type Resolve = (host: string) => Promise<string[]>;
export const systemResolve: Resolve = async (host) => (await dns.lookup(host, { all: true, verbatim: true })).map((a) => a.address);

/** A receiver that may be called: its URL and the checked address to connect to. */
export interface Target { url: URL; address: string }

/**
 * Checks a receiver's URL and resolves its host once: `{refused}` says why it may not receive deliveries,
 * else the address to connect to. With allowPrivate, any address is accepted (still resolved once and pinned).
 */
export async function checkReceiver(raw: string, allowPrivate: boolean, resolve: Resolve = systemResolve): Promise<{ refused: string; unresolved?: true } | Target> {
  let url: URL;
  try { url = new URL(raw); } catch { return { refused: 'is not a URL' }; }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { refused: 'must start with https:// or http://' };
  if (url.username || url.password) return { refused: 'must not carry a user or password' };
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  try {
    addresses = net.isIP(host) ? [host] : await resolve(host);
  } catch {
    addresses = [];
  }
  if (!addresses.length) return { refused: `names a host that does not resolve (${host})`, unresolved: true };
  if (!allowPrivate) {
    for (const a of addresses) {
      const why = internalRange(a);
      if (why) return { refused: `points to a private or loopback address (${a}: ${why}); deliveries go to public addresses only` };
    }
  }
  return { url, address: addresses[0] };
}

/**
 * The connections kept open to receivers between POSTs (keep-alive: a connection, with its TLS handshake, per POST cost
 * the service and the receiver more than the POST), through undici (Node's own HTTP client library: a POST costs it
 * less than half the CPU of node:http's). One pool per checked address: every connection it opens goes to that address
 * whatever the name resolves to now, up to 16 at once per receiver, closed after 5 s idle. The pools of the addresses
 * used least recently are closed past POOLS_KEPT.
 */
const pools = new Map<string, Agent>();
const POOLS_KEPT = 256;

function poolFor(address: string): Agent {
  let pool = pools.get(address);
  if (pool) { pools.delete(address); pools.set(address, pool); return pool; }
  const family = net.isIPv6(address) ? 6 : 4;
  // Every name resolves to the address checked (node's LookupFunction: one address, or all of them with `all`).
  const lookup: net.LookupFunction = (_host, opts, cb) => {
    const answer = cb as (e: NodeJS.ErrnoException | null, address: string | { address: string; family: number }[], family?: number) => void;
    if (opts?.all) answer(null, [{ address, family }]);
    else answer(null, address, family);
  };
  pool = new Agent({ connections: 16, keepAliveTimeout: 5_000, connect: { lookup } });
  pools.set(address, pool);
  if (pools.size > POOLS_KEPT) {
    const [oldest, idle] = pools.entries().next().value!;
    pools.delete(oldest);
    void idle.close().catch(() => undefined);
  }
  return pool;
}

/**
 * POSTs a body to a checked target, connecting to target.address whatever the name resolves to now (no redirect
 * followed); answers the status code. Rejects on a refused connection, or with a TimeoutError after timeoutMs.
 */
export async function postTo(target: Target, headers: Record<string, string>, body: string, timeoutMs: number): Promise<number> {
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    const res = await request(target.url, { method: 'POST', dispatcher: poolFor(target.address), headers, body, signal });
    void res.body.dump().catch(() => undefined); // the answer is its status; the body is read and dropped
    return res.statusCode;
  } catch (e) {
    if (signal.aborted) {
      const timeout = new Error(`No answer within ${timeoutMs} ms`);
      timeout.name = 'TimeoutError';
      throw timeout;
    }
    throw e;
  }
}
