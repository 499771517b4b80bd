import type { BoardResto } from '@storefront/domain/contracts';
import { describe, expect, it } from 'vitest';
import { AUTO_DELAY_REREAD_MS, type Board, boardQuery } from './staff-api.ts';

const resto = (autoDelayThreshold: number | null): BoardResto => ({
  id: 1,
  name: { ru: 'Кремлёвская' },
  timezone: '+03:00',
  busyUntil: null,
  delay: null,
  autoDelayThreshold,
  stopList: [],
  lateMinutes: 5,
});

/** What the board's query would wait before reading the board again, for a board holding these restaurants. */
function rereadAfter(restos: BoardResto[] | null) {
  const interval = boardQuery(1).refetchInterval;
  if (typeof interval !== 'function') throw new Error('the board query sets no re-read rule');
  const data: Board | undefined = restos ? { restos, orders: [], cursor: 0, serverTime: '' } : undefined;
  return interval({ state: { data } } as unknown as Parameters<typeof interval>[0]);
}

describe('the board read again for the automatic delay', () => {
  it('is read once a minute while a restaurant has the automatic delay set', () => {
    expect(rereadAfter([resto(null), resto(4)])).toBe(AUTO_DELAY_REREAD_MS);
  });

  it('is left to its stream when none has (and before the first answer)', () => {
    expect(rereadAfter([resto(null)])).toBe(false);
    expect(rereadAfter(null)).toBe(false);
  });
});
