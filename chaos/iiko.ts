import {
  FAKE_IIKO_API_LOGIN,
  FAKE_IIKO_DEMO,
  type FakeIiko,
  type FakeIikoDeliveryStatus,
  type FakeIikoOptions,
  fakeIikoPrice,
  startFakeIiko,
} from '../apps/api/src/test/fakes/iiko.ts';
import type { IikoDeliveryFact } from './checks.ts';
import type { PosLinkPlan } from './database.ts';
import { between, pick } from './random.ts';

/**
 * The chain's kitchen in a chaos run: the fake iiko (in this process) with random faults, and the harness
 * playing its cooks. Creations answer 500 after creating, 500 before, or hang past the instances' timeout;
 * status reads and the poll by revision fail now and then; webhooks are held and let go in bursts newest
 * first, delayed, and sent twice in 40 % of cases. The terminal goes offline for a few seconds now and then,
 * so creations fail at the terminal and are retried. The cooks move orders iiko took along its statuses and
 * cancel a few before cooking starts.
 */

/** The instances' IIKO_TIMEOUT_MS: a 'timeout' fault holds a request twice as long. */
export const CHAOS_IIKO_TIMEOUT_MS = 1500;

/**
 * The fake iiko, faultless until `startFaults()`: the set-up (the instances registering their webhook) must not
 * fail at random; the run's faults start with the customers.
 */
export async function startChaosIiko(
  random: () => number,
): Promise<{ fake: FakeIiko; startFaults(): void; stopFaults(): void }> {
  const options: FakeIikoOptions = {
    timeoutHoldMs: 2 * CHAOS_IIKO_TIMEOUT_MS,
    // The terminal's transport timeout (iiko: 8 s), short so an offline terminal's failures show within a run.
    transportTimeoutMs: 2500,
    creationDelayMs: 300,
    reorder: true,
    webhookJitterMs: 3000,
    duplicateRate: 0.4,
    random,
  };
  const fake = await startFakeIiko(options);
  return {
    fake,
    // The fake reads its options at each call.
    startFaults() {
      options.faultRates = {
        'deliveries/create': { '500-after': 0.12, '500-before': 0.04, timeout: 0.05 },
        'commands/status': { '500-before': 0.05, timeout: 0.03 },
        'deliveries/by_id': { '500-before': 0.05, timeout: 0.03 },
        'deliveries/by_revision': { '500-before': 0.05 },
        access_token: { '500-before': 0.03 },
      };
    },
    /** iiko answers again: what the run checks at the end is that every transfer converges once it does. */
    stopFaults() {
      options.faultRates = undefined;
    },
  };
}

/** The instances' settings for the fake (the demo brand's API login); IIKO_API_URL is per instance. */
export const chaosIikoEnv = {
  IIKO_API_LOGINS: `demo=${FAKE_IIKO_API_LOGIN}`,
  IIKO_TIMEOUT_MS: String(CHAOS_IIKO_TIMEOUT_MS),
  POS_POLL_MS: '1000',
};

/** Restaurant 3 → the fake's demo organization and terminal group, our payment methods → its payment types. */
export const chaosPosLink = (restoId: number): PosLinkPlan => ({
  restoId,
  organizationId: FAKE_IIKO_DEMO.organizationId,
  organizationName: FAKE_IIKO_DEMO.organizationName,
  terminalGroupId: FAKE_IIKO_DEMO.terminalGroupId,
  paymentTypes: {
    'card-online': FAKE_IIKO_DEMO.paymentTypes.external,
    card: FAKE_IIKO_DEMO.paymentTypes.card,
    cash: FAKE_IIKO_DEMO.paymentTypes.cash,
  },
});

/** An iiko product for each of our dishes (price in roubles, as iiko writes it): position id → product id. */
export function productsFor(fake: FakeIiko, dishes: { id: number; name: string; price: number }[]) {
  const products = new Map<number, string>();
  for (const dish of dishes)
    products.set(
      dish.id,
      fake.addProduct({
        name: dish.name,
        code: `chaos-${dish.id}`,
        parentGroup: FAKE_IIKO_DEMO.groups.rolls,
        sizePrices: [fakeIikoPrice(null, dish.price / 100)],
      }).id,
    );
  return products;
}

/** The fake's orders, as the checks read them. */
export function iikoDeliveries(fake: FakeIiko): IikoDeliveryFact[] {
  return fake.deliveries().map((d) => ({
    id: d.id,
    externalNumber: ((d.body.order as { externalNumber?: string } | undefined)?.externalNumber ?? null) as
      | string
      | null,
    creationStatus: d.creationStatus,
    status: d.status,
  }));
}

type Step = { at: number; status: FakeIikoDeliveryStatus | 'cancel' };

export interface KitchenCounts {
  moves: number;
  cancels: number;
  offlineSpells: number;
  failedMoves: number;
}

/**
 * The cooks: each order iiko made gets a fate when first seen: cancelled before cooking (15 %), left as it is
 * (10 %), confirmed only (15 %), or cooked and sent (60 %: sometimes left cooking, on its way or delivered or
 * closed). A step is a second or a few after the last. Webhooks held by the fake are let go every second or
 * so, newest first. Closed: no more moves, nor offline spells (held webhooks still go).
 */
export class Kitchen {
  private readonly plans = new Map<string, Step[]>();
  private offlineUntil = 0;
  private closed = false;
  readonly counts: KitchenCounts = { moves: 0, cancels: 0, offlineSpells: 0, failedMoves: 0 };

  constructor(
    private readonly fake: FakeIiko,
    private readonly random: () => number,
  ) {}

  private plan(now: number, method: string): Step[] {
    const random = this.random;
    let at = now;
    const next = (status: Step['status']): Step => {
      at += between(random, 800, 5000);
      return { at, status };
    };
    const fate = random();
    if (fate < 0.15) return random() < 0.5 ? [next('cancel')] : [next('WaitCooking'), next('cancel')];
    if (fate < 0.25) return [];
    if (fate < 0.4) return [next('WaitCooking')];
    const steps: Step[] = [];
    if (random() < 0.5) steps.push(next('WaitCooking'));
    steps.push(next('CookingStarted'));
    if (random() < 0.2) return steps;
    if (random() < 0.4) steps.push(next('CookingCompleted'));
    if (random() < 0.4) steps.push(next('Waiting'));
    if (method === 'DeliveryByCourier' && random() < 0.6) steps.push(next('OnWay'));
    if (random() < 0.15) return steps;
    steps.push(next(random() < 0.7 ? 'Delivered' : 'Closed'));
    return steps;
  }

  /** One look at the kitchen: new orders planned, due steps made, the terminal and the held webhooks. */
  tick(now: number) {
    const random = this.random;
    if (!this.quieted && random() < 0.6) this.fake.flushWebhooks();
    if (this.closed) return;
    for (const made of this.fake.deliveries()) {
      if (made.creationStatus !== 'Success' || this.plans.has(made.id)) continue;
      const method = String((made.body.order as { orderServiceType?: string }).orderServiceType);
      this.plans.set(made.id, this.plan(now, method));
    }
    for (const [id, steps] of this.plans)
      while (steps[0] && steps[0].at <= now) {
        const step = steps.shift() as Step;
        // Cancelled (by us, through the API) or closed: nobody cooks it any more.
        const status = this.fake.delivery(id)?.status;
        if (status === 'Cancelled' || status === 'Closed') {
          steps.length = 0;
          break;
        }
        try {
          if (step.status === 'cancel') {
            this.fake.cancelOrder(id, pick(random, ['Гость отказался', 'Нет продуктов', 'Не дозвонились']));
            this.counts.cancels += 1;
          } else {
            this.fake.setOrderStatus(id, step.status);
            this.counts.moves += 1;
          }
        } catch {
          this.counts.failedMoves += 1;
        }
      }
    // About every 40 s the terminal is off for 2–6 s: creations then fail at the terminal and are retried.
    if (this.offlineUntil > 0 && now >= this.offlineUntil) {
      this.fake.setTerminalAlive(FAKE_IIKO_DEMO.terminalGroupId, true);
      this.offlineUntil = 0;
    } else if (this.offlineUntil === 0 && random() < 0.0125) {
      this.fake.setTerminalAlive(FAKE_IIKO_DEMO.terminalGroupId, false);
      this.offlineUntil = now + between(random, 2000, 6000);
      this.counts.offlineSpells += 1;
    }
  }

  /** The cooks go home: the terminal back online, no more moves. */
  close() {
    this.closed = true;
    this.offlineUntil = 0;
    this.fake.setTerminalAlive(FAKE_IIKO_DEMO.terminalGroupId, true);
  }

  /** Every held webhook sent (unless quiet), and every one under way delivered or given up. */
  async settle() {
    if (!this.quieted) this.fake.flushWebhooks();
    await this.fake.webhooksSettled();
  }

  private quieted = false;

  /** Webhooks held from now, and the ones under way landed: the instances may be stopped. */
  async quiet() {
    this.quieted = true;
    await this.fake.webhooksSettled();
  }

  resume() {
    this.quieted = false;
  }
}
