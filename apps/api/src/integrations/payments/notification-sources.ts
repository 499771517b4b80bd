import ipaddr from 'ipaddr.js';

/**
 * YooKassa's notifications are unsigned (INTEGRATIONS.md): they are believed only from its published
 * addresses. `allowed` holds addresses and CIDRs (PaymentsSettings.notificationSources); `ip` is the client
 * address as Fastify reads it through TRUST_PROXY. IPv4-mapped IPv6 ('::ffff:185.71.76.1') counts as IPv4.
 */
export function isAllowedNotificationSource(ip: string, allowed: readonly string[]): boolean {
  if (!ipaddr.isValid(ip)) return false;
  const parsed = ipaddr.process(ip);
  return allowed.some((entry) => {
    try {
      if (entry.includes('/')) {
        const [range, bits] = ipaddr.parseCIDR(entry);
        return parsed.kind() === range.kind() && parsed.match(range, bits);
      }
      const single = ipaddr.process(entry);
      return single.kind() === parsed.kind() && single.toNormalizedString() === parsed.toNormalizedString();
    } catch {
      return false;
    }
  });
}
