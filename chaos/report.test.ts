import { describe, expect, it } from 'vitest';
import { type RunSummary, shortfalls } from './report.ts';

/** A run whose customers could not sign in or order breaks no invariant: it must fail all the same. */
const busy = {
  customers: 12,
  signedInThroughApi: 12,
  ordersAcknowledged: 600,
  providerSucceeded: 400,
  kills: 12,
} as RunSummary;

describe('a chaos run that did nothing', () => {
  it('has no shortfall when every customer signed in, ordered and paid and every kill happened', () => {
    expect(shortfalls(busy, 12)).toEqual([]);
  });

  it('fails when customers could not sign in, nothing was ordered or paid, or kills were missed', () => {
    expect(shortfalls({ ...busy, signedInThroughApi: 0 }, 12)).toEqual(['only 0 of 12 customers signed in']);
    expect(shortfalls({ ...busy, ordersAcknowledged: 0 }, 12)).toEqual(['no order was acknowledged']);
    expect(shortfalls({ ...busy, providerSucceeded: 0 }, 12)).toEqual([
      'no payment succeeded at the provider',
    ]);
    expect(shortfalls({ ...busy, kills: 9 }, 12)).toEqual(['only 9 kills of the 12 asked for']);
  });

  it('fails when the fake iiko got no order or its kitchen moved none', () => {
    const pos = { made: 40, kitchenMoves: 60 } as NonNullable<RunSummary['pos']>;
    expect(shortfalls({ ...busy, pos }, 12)).toEqual([]);
    expect(shortfalls({ ...busy, pos: { ...pos, made: 0 } }, 12)).toEqual(['no order reached iiko']);
    expect(shortfalls({ ...busy, pos: { ...pos, kitchenMoves: 0 } }, 12)).toEqual([
      'the kitchen moved no order in iiko',
    ]);
  });
});
