import type { AdminPosChoices } from '@storefront/domain/contracts';
import { ApiError } from '../../core/api-error.ts';
import { type PosAdapter, PosError, type PosFailure } from '../../integrations/pos/pos-adapter.ts';
import type { PosContext } from '../pos/index.ts';

/*
 * What the link's pickers need from the POS (decision 54): organizations, their terminal groups (disabled ones
 * included and marked) and payment types. iiko publishes no rate limits and asks integrations to keep calls few,
 * so an answer is kept a minute per adapter; a link's check of the ids reads the same answer.
 */

export const CHOICES_TTL_MS = 60_000;

const cache = new WeakMap<PosAdapter, AdminPosChoices & { at: number }>();

/** 409 pos.not-configured when the server has no API login for the brand. */
export function adapterOf(pos: PosContext): PosAdapter {
  if (!pos.adapter) throw new ApiError(409, 'pos.not-configured');
  return pos.adapter;
}

const STATUS_OF: Record<PosFailure, number> = {
  auth: 502,
  rejected: 502,
  'not-found': 502,
  unavailable: 503,
  timeout: 503,
  'terminal-offline': 503,
};

/** A failure of the POS as the back office's answer: 502 when it refused, 503 when it is down or slow. */
export function posFailureError(error: unknown): unknown {
  if (!(error instanceof PosError)) return error;
  return new ApiError(STATUS_OF[error.failure], `pos.${error.failure}`);
}

/** Runs a call to the POS, its failure turned into the back office's coded answer. */
export async function askPos<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw posFailureError(error);
  }
}

/** The brand's organizations with their terminal groups and payment types, from the cache when fresh. */
export async function posChoices(pos: PosContext, fresh = false): Promise<AdminPosChoices> {
  const adapter = adapterOf(pos);
  const now = pos.now();
  const kept = cache.get(adapter);
  if (!fresh && kept && now - kept.at < CHOICES_TTL_MS && now >= kept.at) {
    const { at: _at, ...choices } = kept;
    return choices;
  }
  const choices = await askPos(async () => {
    const organizations = await adapter.organizations();
    const ids = organizations.map((o) => o.id);
    const groups = ids.length ? await adapter.terminalGroups(ids) : [];
    const types = await Promise.all(ids.map((id) => adapter.paymentTypes(id)));
    return {
      provider: adapter.provider,
      organizations: organizations.map((organization, index) => ({
        id: organization.id,
        name: organization.name,
        terminalGroups: groups
          .filter((g) => g.organizationId === organization.id)
          .map((g) => ({ id: g.id, name: g.name, address: g.address, enabled: g.enabled })),
        paymentTypes: (types[index] ?? [])
          .filter((t) => !t.deleted)
          .map((t) => ({ id: t.id, name: t.name, kind: t.kind })),
      })),
      fetchedAt: new Date(now).toISOString(),
    } satisfies AdminPosChoices;
  });
  cache.set(adapter, { ...choices, at: now });
  return choices;
}
