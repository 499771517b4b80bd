import type { InvariantResult } from './checks.ts';

/** The run's table (invariant | count | result) and its summary, as markdown: printed and kept in last-run.md. */

export interface RunSummary {
  database: 'postgres' | 'pglite';
  instances: number;
  seed: number;
  startedAt: string;
  durationS: number;
  customers: number;
  signedInThroughApi: number;
  requests: number;
  customerRequests: number;
  notifications: number;
  ordersAcknowledged: number;
  ordersInDatabase: number;
  ordersPaid: number;
  placementRetries: number;
  providerPayments: number;
  providerSucceeded: number;
  providerRefunded: number;
  pageClicks: number;
  kills: number;
  droppedAnswers: number;
  interrupted5xx: number;
  providerUnavailable503: number;
  unexpected4xx: number;
  unsettledAtEnd: number;
  /** The limited code's uses at the end and its limit. */
  promoUses: number;
  promoLimit: number;
  /** The points ledger's rows by kind and the orders that spent points (absent: a build without points). */
  points?: { rows: Record<string, number>; ordersSpending: number };
  /** The fake iiko's side, in a run with it. */
  pos?: PosSummary;
}

/** What the kitchen (the fake iiko) saw and did. */
export interface PosSummary {
  /** Orders that may be cooked (the invariant's set). */
  cookable: number;
  /** Orders iiko made. */
  made: number;
  /** deliveries/create calls the fake got (retries with the same id included). */
  createCalls: number;
  /** Transfers by state at the end. */
  transfers: Record<string, number>;
  /** Orders flagged on the board at least once, by the failure (a failure in the POS log). */
  flagged: Record<string, number>;
  webhookCalls: number;
  /** The fake's webhook calls answered other than 200 (killed instance, refused). */
  webhookNot200: number;
  kitchenMoves: number;
  kitchenCancels: number;
  offlineSpells: number;
  /** Kills aimed at an instance talking to iiko for an order. */
  killsAtWorker: number;
  /** Orders the customer cancelled here once iiko had them: cancelled there, refused by iiko, finished first. */
  withdrawn: { cancelled: number; refused: number; finishedFirst: number };
  /** How long the POS took to settle after the payments did (reported, never asserted). */
  settleS: number;
}

export function markdownTable(results: InvariantResult[]): string {
  const rows = results.map((r) => `| ${r.invariant} | ${r.count} | ${r.count === 0 ? 'pass' : '**FAIL**'} |`);
  return ['| invariant | count | result |', '|---|---:|---|', ...rows].join('\n');
}

/** Each kind of 5xx the run saw: the route (ids as :id), the status, the error code, and what it is owed to. */
export interface FiveHundredKind {
  route: string;
  status: number;
  code: string;
  owedTo: 'kill' | 'provider fault' | 'API';
  count: number;
}

/**
 * What a run must have done for its zeros to mean anything: a run whose customers could not sign in or order
 * breaks no invariant and proves nothing, so it fails.
 */
export function shortfalls(summary: RunSummary, killsAskedFor: number): string[] {
  const missing: string[] = [];
  if (summary.signedInThroughApi < summary.customers)
    missing.push(`only ${summary.signedInThroughApi} of ${summary.customers} customers signed in`);
  if (summary.ordersAcknowledged === 0) missing.push('no order was acknowledged');
  if (summary.providerSucceeded === 0) missing.push('no payment succeeded at the provider');
  if (summary.pos && summary.pos.made === 0) missing.push('no order reached iiko');
  if (summary.pos && summary.pos.kitchenMoves === 0) missing.push('the kitchen moved no order in iiko');
  if (summary.kills < killsAskedFor)
    missing.push(`only ${summary.kills} kills of the ${killsAskedFor} asked for`);
  return missing;
}

function posRows(pos: PosSummary): string[] {
  const counts = (of: Record<string, number>) =>
    Object.entries(of)
      .map(([what, count]) => `${what} ${count}`)
      .join(', ') || 'none';
  return [
    `| iiko: orders that may be cooked | ${pos.cookable} |`,
    `| iiko: orders made | ${pos.made} |`,
    `| iiko: create calls (retries with the same id included) | ${pos.createCalls} |`,
    `| iiko: transfers at the end by state | ${counts(pos.transfers)} |`,
    `| iiko: orders flagged on the board at least once, by reason | ${counts(pos.flagged)} |`,
    `| iiko: webhook calls (answered other than 200) | ${pos.webhookCalls} (${pos.webhookNot200}) |`,
    `| iiko: kitchen moves (cancels) | ${pos.kitchenMoves} (${pos.kitchenCancels}) |`,
    `| iiko: terminal offline spells | ${pos.offlineSpells} |`,
    `| iiko: kills aimed at an instance talking to iiko | ${pos.killsAtWorker} |`,
    `| iiko: orders cancelled here once iiko had them: cancelled in iiko, refused by iiko, finished there first | ${pos.withdrawn.cancelled}, ${pos.withdrawn.refused}, ${pos.withdrawn.finishedFirst} |`,
    `| iiko: seconds the POS took to settle at the end | ${pos.settleS} |`,
  ];
}

export function markdownReport(
  results: InvariantResult[],
  summary: RunSummary,
  notes: string[] = [],
  fiveHundreds: FiveHundredKind[] = [],
  missing: string[] = [],
): string {
  const passed = results.every((r) => r.count === 0) && missing.length === 0;
  const lines = [
    `## Chaos run ${summary.startedAt}: ${passed ? 'passed' : 'FAILED'}`,
    '',
    markdownTable(results),
    '',
    `${summary.durationS} s on ${summary.database} with ${summary.instances} API instance(s), seed ${summary.seed}; ` +
      `${summary.kills} kills (SIGKILL), ${summary.customers} customers (${summary.signedInThroughApi} signed in through the API).`,
    '',
    '| measure | count |',
    '|---|---:|',
    `| requests through the proxy | ${summary.requests} |`,
    `| … from customers | ${summary.customerRequests} |`,
    `| … provider notifications | ${summary.notifications} |`,
    `| placements retried with the same key | ${summary.placementRetries} |`,
    `| orders acknowledged to customers | ${summary.ordersAcknowledged} |`,
    `| orders in the database | ${summary.ordersInDatabase} |`,
    `| orders paid | ${summary.ordersPaid} |`,
    `| payments at the provider (succeeded, refunded) | ${summary.providerPayments} (${summary.providerSucceeded}, ${summary.providerRefunded}) |`,
    `| clicks on the provider's page | ${summary.pageClicks} |`,
    `| uses of the limited promo code (limit) | ${summary.promoUses} (${summary.promoLimit}) |`,
    ...(summary.points
      ? [
          `| orders that spent points | ${summary.points.ordersSpending} |`,
          `| points ledger rows by kind | ${
            Object.entries(summary.points.rows)
              .map(([kind, n]) => `${kind} ${n}`)
              .join(', ') || 'none'
          } |`,
        ]
      : []),
    `| answers to POSTs the proxy dropped on purpose | ${summary.droppedAnswers} |`,
    `| 5xx owed to a kill (in flight at it, or no instance up) | ${summary.interrupted5xx} |`,
    `| 503 to the provider's notification while the fake provider could not be read (asks it to deliver again) | ${summary.providerUnavailable503} |`,
    `| unexpected 4xx seen by customers | ${summary.unexpected4xx} |`,
    `| left unsettled at the end (orders not settled, attempts with money still open, refunds under way) | ${summary.unsettledAtEnd} |`,
    ...(summary.pos ? posRows(summary.pos) : []),
  ];
  if (fiveHundreds.length > 0)
    lines.push(
      '',
      '| 5xx seen | status | code | owed to | count |',
      '|---|---:|---|---|---:|',
      ...fiveHundreds.map((k) => `| ${k.route} | ${k.status} | ${k.code} | ${k.owedTo} | ${k.count} |`),
    );
  const failures = results.filter((r) => r.count > 0);
  if (failures.length > 0 || notes.length > 0) lines.push('', '### Details');
  for (const failure of failures) {
    lines.push('', `${failure.invariant}:`);
    for (const example of failure.examples) lines.push(`- ${example}`);
  }
  for (const note of notes) lines.push(`- ${note}`);
  return `${lines.join('\n')}\n`;
}
