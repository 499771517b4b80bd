import ipaddr from 'ipaddr.js';

/**
 * The key a client's requests are counted under. An IPv6 customer usually holds a whole /64, so counting
 * single addresses would give an attacker billions of budgets; IPv4-mapped IPv6 counts as the IPv4 it is
 * (ipaddr.js, the parser Fastify's proxy-addr already uses).
 */
export function clientKeyOf(ip: string): string {
  if (!ipaddr.isValid(ip)) return `ip:${ip}`;
  const address = ipaddr.process(ip);
  if (address.kind() === 'ipv4') return `ip:${address.toString()}`;
  const prefix = (address as ipaddr.IPv6).parts.slice(0, 4).map((part) => part.toString(16));
  return `ip:${prefix.join(':')}::/64`;
}
