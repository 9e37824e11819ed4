/**
 * The one table of addresses a webhook may not reach (src/webhooks/egress.ts): public IPv4 and IPv6
 * receivers pass, every internal range is refused, and so is every IPv6 form that carries an internal IPv4.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { internalRange } from '../../src/webhooks/egress';

export const PUBLIC = ['8.8.8.8', '1.1.1.1', '93.184.216.34', '100.63.255.255', '100.128.0.0', '172.32.0.1', '2606:4700:4700::1111', '2001:4860:4860::8888',
  '::ffff:8.8.8.8', '64:ff9b::808:808', '2002:808:808::1', '2000::1', '3fff:ffff::1'];

/** An internal address of each form, with the range it must be refused as. */
export const INTERNAL_FORMS: [string, RegExp][] = [
  ['0.0.0.0', /this network/], ['10.1.2.3', /private/], ['100.64.0.1', /carrier-grade NAT/], ['100.127.255.254', /carrier-grade NAT/],
  ['127.0.0.1', /loopback/], ['127.255.255.254', /loopback/], ['169.254.169.254', /link-local/], ['172.16.0.1', /private/], ['172.31.255.255', /private/],
  ['192.0.0.8', /IETF/], ['192.0.2.1', /documentation/], ['192.168.1.1', /private/], ['198.18.0.1', /benchmarking/], ['198.51.100.7', /documentation/],
  ['203.0.113.9', /documentation/], ['224.0.0.251', /multicast/], ['239.255.255.250', /multicast/], ['240.0.0.1', /reserved/], ['255.255.255.255', /reserved/],
  ['::', /unspecified/], ['::1', /loopback/], ['fe80::1', /link-local/], ['fe80::1%eth0', /link-local/], ['fec0::1', /site-local/], ['fc00::1', /unique-local/],
  ['fd12:3456:789a::1', /unique-local/], ['ff02::1', /multicast/], ['2001:db8::1', /documentation/], ['2001::1', /Teredo/], ['100::1', /discard/],
  ['::ffff:127.0.0.1', /loopback \(carried in IPv6 ::ffff:0:0/], ['::ffff:7f00:1', /loopback/], ['::ffff:10.0.0.1', /private/], ['::ffff:169.254.169.254', /link-local/],
  ['::127.0.0.1', /loopback \(carried in IPv6 ::\/96/], ['::a00:1', /private/],
  ['64:ff9b::7f00:1', /loopback \(carried in IPv6 64:ff9b::/], ['64:ff9b::10.0.0.1', /private/], ['64:ff9b:1::a9fe:a9fe', /link-local/],
  ['2002:7f00:1::', /loopback \(carried in IPv6 2002::/], ['2002:c0a8:101::1', /private/], ['2002:a9fe:a9fe::', /link-local/],
  ['::ffff:0:7f00:1', /loopback \(carried in IPv6 ::ffff:0:0:0/], ['::ffff:0:a00:1', /private/],
  ['4000::1', /reserved \(outside global unicast/], ['fbff::1', /reserved/], ['1fff:ffff::1', /reserved/],
];

test('public IPv4 and IPv6 addresses (and IPv6 forms of public IPv4) may receive deliveries', () => {
  for (const a of PUBLIC) assert.equal(internalRange(a), null, a);
});

test('every internal range, and every IPv6 form carrying an internal IPv4, is refused with its name', () => {
  for (const [a, why] of INTERNAL_FORMS) assert.match(internalRange(a) ?? 'accepted', why, a);
});

test('the edges of a range: the addresses just outside are public', () => {
  for (const a of ['9.255.255.255', '11.0.0.0', '126.255.255.255', '128.0.0.0', '169.253.255.255', '172.15.255.255', '223.255.255.255', '2000::', '3fff:ffff:ffff:ffff:ffff:ffff:ffff:ffff']) {
    assert.equal(internalRange(a), null, a);
  }
  assert.match(internalRange('febf:ffff::1') ?? '', /link-local/);
  assert.match(internalRange('fec0::') ?? '', /site-local/);
  assert.equal(internalRange('not-an-ip'), 'not an IP address');
});
