import ipaddr from 'ipaddr.js';
import { clientKeyOf } from './client-key.ts';

/**
 * How much of the costly calls one person and one client (clientKeyOf: an IPv4 address or an IPv6 /64) may
 * use: placing orders (each reaches a kitchen), creating payment attempts (each is a provider call) and
 * holding event streams open (each is a connection and a poll subscriber). Chosen so a real customer never
 * meets them; a refusal is a coded 429 with Retry-After (decision 41).
 */
export interface RequestLimits {
  /** Orders one person may place per window, counted in PostgreSQL (every instance agrees). */
  placementsPerPerson: number;
  /** Orders one client may place per window, whoever is signed in (a household or an office shares one). */
  placementsPerClient: number;
  placementWindowMs: number;
  /** Payment attempts one order may start per window (the first, made with the order, included). */
  attemptsPerOrder: number;
  attemptWindowMs: number;
  /** Event streams one reader (a person or a staff account) may hold open on one instance. */
  streamsPerReader: number;
  /** Event streams one client may hold open on one instance (a restaurant's boards share its address). */
  streamsPerClient: number;
}

export const REQUEST_LIMITS: RequestLimits = {
  placementsPerPerson: 5,
  placementsPerClient: 20,
  placementWindowMs: 10 * 60_000,
  attemptsPerOrder: 10,
  attemptWindowMs: 60 * 60_000,
  streamsPerReader: 3,
  streamsPerClient: 20,
};

/** Whole seconds until `untilMs`, at least 1: the Retry-After of a refusal. */
export const retryAfterSeconds = (untilMs: number, nowMs: number) =>
  String(Math.max(1, Math.ceil((untilMs - nowMs) / 1000)));

/**
 * The client key a request is limited under, or null for a loopback address: that is this host itself (a
 * health check, the end-to-end suite) or a proxy on it not declared in TRUST_PROXY, behind which every
 * customer would look like one client, so counting it would throttle them all. The per-person limits still
 * hold for it.
 */
export function limitedClientKey(ip: string): string | null {
  if (ipaddr.isValid(ip) && ipaddr.process(ip).range() === 'loopback') return null;
  return clientKeyOf(ip);
}
