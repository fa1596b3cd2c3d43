import { describe, expect, it } from 'vitest';
import { networkPrefix } from './network-prefix.ts';

describe('networkPrefix', () => {
  it('counts an IPv4 client by its whole address', () => {
    expect(networkPrefix('203.0.113.7')).toBe('203.0.113.7');
    expect(networkPrefix('203.0.113.8')).not.toBe(networkPrefix('203.0.113.7'));
  });

  it('counts an IPv4 client seen through an IPv6 socket as that IPv4 address, however it is written', () => {
    expect(networkPrefix('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(networkPrefix('::FFFF:cb00:7107')).toBe('203.0.113.7');
    expect(networkPrefix('0:0:0:0:0:ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts an IPv6 client by its /64, whatever interface id it picks', () => {
    const line = networkPrefix('2001:db8:1:2:aaaa:bbbb:cccc:dddd');
    expect(line).toBe('2001:db8:1:2::/64');
    expect(networkPrefix('2001:db8:1:2::1')).toBe(line);
    expect(networkPrefix('2001:db8:1:2:ffff:ffff:ffff:ffff')).toBe(line);
    expect(networkPrefix('2001:db8:1:3::1')).not.toBe(line);
  });

  it('reads compressed, zero-padded, upper-case and dotted forms of one /64 alike', () => {
    const line = '2001:db8:0:0::/64';
    expect(networkPrefix('2001:db8::1')).toBe(line);
    expect(networkPrefix('2001:0DB8:0000:0000:0000:0000:0000:0001')).toBe(line);
    expect(networkPrefix('2001:db8::9:1.2.3.4')).toBe(line);
    expect(networkPrefix('2001:db8:0:0:1::')).toBe(line);
    expect(networkPrefix('::1')).toBe('0:0:0:0::/64');
  });

  it('drops a zone id, and counts what is not an address as given', () => {
    expect(networkPrefix('fe80::1:2:3:4%eth0')).toBe('fe80:0:0:0::/64');
    expect(networkPrefix('unknown')).toBe('unknown');
  });
});
