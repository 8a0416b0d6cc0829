import { describe, expect, it } from 'vitest';
import { canonicalAddress, classifyAddress, isLocalhostName } from './localAddress';

describe('classifyAddress', () => {
  it.each([
    ['127.0.0.1', 'localhost'],
    ['127.10.20.30', 'localhost'],
    ['0.0.0.0', 'localhost'],
    ['::1', 'localhost'],
    ['[::1]', 'localhost'],
    ['::', 'localhost'],
    ['0:0:0:0:0:0:0:1', 'localhost'],
    ['10.0.0.5', 'local_network'],
    ['172.16.0.1', 'local_network'],
    ['172.31.255.255', 'local_network'],
    ['192.168.1.1', 'local_network'],
    ['fd12:3456::1', 'local_network'],
    ['fc00::1', 'local_network'],
    ['fec0::1', 'local_network'],
    ['169.254.169.254', 'link_local'],
    ['fe80::1', 'link_local'],
    ['fe80::1%eth0', 'link_local'],
    ['255.255.255.255', 'limited_broadcast'],
    ['::ffff:127.0.0.1', 'localhost'],
    ['::ffff:7f00:1', 'localhost'],
    ['[::ffff:a00:5]', 'local_network'],
    ['::ffff:169.254.169.254', 'link_local'],
    ['::ffff:8.8.8.8', 'public'],
    ['172.15.0.1', 'public'],
    ['172.32.0.1', 'public'],
    ['8.8.8.8', 'public'],
    ['93.184.216.34', 'public'],
    ['2606:4700:4700::1111', 'public'],
    ['::2', 'special_purpose'],
    ['100.64.0.1', 'shared_address'],
    ['100.100.100.200', 'shared_address'],
    ['224.0.0.251', 'special_purpose'],
    ['192.0.2.10', 'special_purpose'],
    ['2001:db8::1', 'special_purpose'],
    ['ff02::1', 'special_purpose'],
    ['2002:7f00:1::', 'localhost'],
    ['2002:808:808::1', 'public'],
    ['64:ff9b::a9fe:a9fe', 'link_local'],
    ['64:ff9b::808:808', 'public'],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'special_purpose'],
    ['2130706433', 'localhost'],
    ['0x7f.1', 'localhost'],
  ])('%s is %s', (address, kind) => {
    expect(classifyAddress(address)).toBe(kind);
  });

  it.each(['example.com', '256.0.0.1', '1.2.3.4.5', '1::2::3', '12345::1', 'fe80::g', ''])(
    '%j is not an address',
    (text) => {
      expect(classifyAddress(text)).toBeNull();
    },
  );
});

describe('isLocalhostName', () => {
  it.each([
    ['localhost', true],
    ['LOCALHOST.', true],
    ['api.localhost', true],
    ['localhost.example.com', false],
    ['example.com', false],
  ])('%s: %s', (name, expected) => {
    expect(isLocalhostName(name)).toBe(expected);
  });
});

describe('canonicalAddress', () => {
  it.each([
    ['192.0.2.2', '192.0.2.2'],
    ['::ffff:192.0.2.2', '192.0.2.2'],
    ['[::ffff:c000:202]', '192.0.2.2'],
    ['2001:DB8::2', '2001:db8:0:0:0:0:0:2'],
    ['2001:db8:0:0::0:2', '2001:db8:0:0:0:0:0:2'],
    ['fe80::fc:ff:fe00:1%eth0', 'fe80:0:0:0:fc:ff:fe00:1'],
  ])('spells %s as %s', (address, canonical) => {
    expect(canonicalAddress(address)).toBe(canonical);
  });

  it.each(['example.com', '192.0.2.256', '2001:db8::2::1', ''])('finds no address in %j', (text) => {
    expect(canonicalAddress(text)).toBeNull();
  });
});
