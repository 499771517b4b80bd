import { describe, expect, it } from 'vitest';
import { isAllowedNotificationSource } from './notification-sources.ts';

const published = ['185.71.76.0/27', '77.75.156.11', '2a02:5180::/32'];

describe('notification sources', () => {
  it('believes addresses inside the published ranges, IPv4-mapped IPv6 included', () => {
    expect(isAllowedNotificationSource('185.71.76.31', published)).toBe(true);
    expect(isAllowedNotificationSource('::ffff:185.71.76.5', published)).toBe(true);
    expect(isAllowedNotificationSource('77.75.156.11', published)).toBe(true);
    expect(isAllowedNotificationSource('2a02:5180::1', published)).toBe(true);
  });

  it('refuses everything else, and what is not an address', () => {
    for (const ip of ['185.71.76.32', '77.75.156.12', '127.0.0.1', '2a02:5181::1', '', 'nope'])
      expect(isAllowedNotificationSource(ip, published)).toBe(false);
  });
});
