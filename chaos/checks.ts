import { type BonusEntryKind, type Minor, orderStatusOfPos, walkBonusLedger } from '@storefront/domain';

/**
 * The invariants a chaos run must keep, computed from what the database holds at the end, what the fake
 * YooKassa took, what the fake iiko holds, what the customers themselves were answered, and what the proxy
 * saw. Pure: the run gathers these facts, the unit test feeds made-up ones. Each invariant counts its
 * violations; zero passes.
 */

export interface OrderFact {
  id: number;
  personId: number;
  status: string;
  paymentStatus: string;
  payable: number;
  paidPaymentId: number | null;
  promoCodeId: number | null;
}

export interface KeyFact {
  personId: number;
  key: string;
  orderId: number | null;
}

/** Our payment attempts (table payments). */
export interface PaymentFact {
  id: number;
  orderId: number;
  providerPaymentId: string | null;
  status: string;
  amount: number;
}

export interface PromoCodeFact {
  id: number;
  code: string;
  totalLimit: number | null;
  usedCount: number;
  /** The count the seed started it at (the demo's SOLDOUT starts used up, with no orders behind it). */
  seededUsedCount: number;
}

/** A payment as the provider (the fake YooKassa) holds it: amounts in minor units. */
export interface ProviderPaymentFact {
  id: string;
  status: string;
  amount: number;
  refunded: number;
  /** metadata.orderId */
  orderId: number | null;
}

/** One row of the points ledger (bonus_ledger); instants in epoch ms. */
export interface BonusEntryFact {
  id: number;
  personId: number;
  kind: BonusEntryKind;
  amount: number;
  orderId: number | null;
  refundId: number | null;
  expiresAtMs: number | null;
  createdAtMs: number;
}

/** An order's points as placement wrote them (orders.bonus_spent, bonus_earn). */
export interface BonusOrderFact {
  id: number;
  personId: number;
  status: string;
  bonusSpent: number;
  bonusEarn: number;
}

export interface BonusFacts {
  entries: BonusEntryFact[];
  orders: BonusOrderFact[];
}

/** A slot's count (slot_loads) with the restaurant's capacity for its method (null: no limit). */
export interface SlotLoadFact {
  restoId: number;
  deliveryType: string;
  slotAtMs: number;
  taken: number;
  capacity: number | null;
}

/** An order's hold on a slot (orders.slot_at; null once given back or never taken). */
export interface SlotHolderFact {
  orderId: number;
  restoId: number;
  deliveryType: string;
  status: string;
  slotAtMs: number | null;
}

export interface DatabaseFacts {
  orders: OrderFact[];
  /** Cooking within capacity (decision 56); absent in a run of a build without it. */
  slots?: { loads: SlotLoadFact[]; holders: SlotHolderFact[] };
  keys: KeyFact[];
  payments: PaymentFact[];
  promoCodes: PromoCodeFact[];
  /** The points ledger; absent in a run of a build without points. */
  bonus?: BonusFacts;
  /** The reports' roll-ups beside the raw orders (decision 57); absent in a run of a build without them. */
  reports?: ReportFacts;
}

/** One restaurant-day's counts: orders placed, orders neither declined nor cancelled, and their persons. */
export interface ReportDayFact {
  restoId: number;
  localDate: string;
  placed: number;
  orders: number;
  /** The persons of the counted orders in id order, each at most twice (report_days.persons' form). */
  persons: number[];
}

export interface ReportFacts {
  /** The roll-ups' rows (report_days). */
  rolled: ReportDayFact[];
  /** The same counts computed from the raw orders. */
  raw: ReportDayFact[];
  /** Restaurant-days still marked behind at the end (`resto|date`): their roll-ups may lag by design. */
  marked: string[];
  /** report_months rows and the sums of their days' rows, of months with no day marked. */
  months: {
    restoId: number;
    month: string;
    placed: number;
    orders: number;
    daysPlaced: number;
    daysOrders: number;
  }[];
}

/** One answer a customer got to a placement (status null: no answer, the connection failed or timed out). */
export interface PlacementAnswer {
  status: number | null;
  orderId?: number;
  code?: string;
}

export interface PlacementRecord {
  key: string;
  answers: PlacementAnswer[];
}

export interface CustomerFacts {
  name: string;
  personId: number | null;
  placements: PlacementRecord[];
}

export interface RequestFact {
  method: string;
  path: string;
  /** Who sent it: the x-chaos-client header (customers set it), else 'provider' (the fake's notifications). */
  client: string;
  backend: string | null;
  incarnation: number | null;
  startedAt: number;
  endedAt: number;
  /** The status the client got: the API's, or the proxy's own 502/503. */
  status: number | null;
  /**
   * Set when the proxy answered itself: 'upstream-reset' (502), 'no-backend' (503); when the client left
   * ('client-gone'); or when the proxy dropped the API's answer on purpose ('answer-dropped': the client saw the
   * connection close, as when a network fails after the server committed).
   */
  proxyError?: 'upstream-reset' | 'no-backend' | 'client-gone' | 'answer-dropped';
  /** The first error code of a 4xx/5xx body from the API. */
  code?: string;
}

export interface KillFact {
  backend: string;
  incarnation: number;
  killedAt: number;
  goneAt: number;
  /** When the instance was up again (null: never, e.g. killed at the end). */
  restartedAt: number | null;
}

/** One of our orders as the POS checks see it (orders). */
export interface PosOrderFact {
  id: number;
  restoId: number;
  /** The restaurant's daily number: what iiko's externalNumber says. */
  number: string;
  status: string;
  paymentStatus: string;
  payType: string;
  deliveryType: string;
}

/** An order's transfer to the POS (pos_order_transfers). */
export interface PosTransferFact {
  orderId: number;
  externalOrderId: string;
  state: string;
  lastError: string | null;
}

/** An order as the fake iiko holds it: its id, our number, how its creation ended, its status once made. */
export interface IikoDeliveryFact {
  id: string;
  externalNumber: string | null;
  creationStatus: string;
  status: string;
}

export interface PosFacts {
  /** Restaurants linked to the POS (pos_links) when the run's orders were placed. */
  linkedRestoIds: number[];
  orders: PosOrderFact[];
  transfers: PosTransferFact[];
  deliveries: IikoDeliveryFact[];
}

export interface ChaosFacts {
  database: DatabaseFacts;
  provider: ProviderPaymentFact[];
  customers: CustomerFacts[];
  requests: RequestFact[];
  kills: KillFact[];
  /** The POS side (the fake iiko); absent in a run without it. */
  pos?: PosFacts;
}

export interface InvariantResult {
  id: string;
  invariant: string;
  count: number;
  /** A few of the violations, in words, for the report. */
  examples: string[];
}

const EXAMPLES = 5;

function result(id: string, invariant: string, violations: string[]): InvariantResult {
  return { id, invariant, count: violations.length, examples: violations.slice(0, EXAMPLES) };
}

/** Every order a customer saw acknowledged (201) exists once, is theirs, and is the one its key is bound to. */
export function acknowledgedOrdersExist(facts: ChaosFacts): InvariantResult {
  const violations: string[] = [];
  const orders = new Map(facts.database.orders.map((o) => [o.id, o]));
  const keys = new Map(facts.database.keys.map((k) => [`${k.personId} ${k.key}`, k]));
  for (const customer of facts.customers)
    for (const placement of customer.placements) {
      const acknowledged = [
        ...new Set(placement.answers.filter((a) => a.status === 201).map((a) => a.orderId)),
      ];
      if (acknowledged.length === 0) continue;
      if (acknowledged.length > 1) {
        violations.push(
          `${customer.name} key ${placement.key}: acknowledged as orders ${acknowledged.join(', ')}`,
        );
        continue;
      }
      const orderId = acknowledged[0] as number;
      const order = orders.get(orderId);
      if (!order)
        violations.push(`${customer.name} key ${placement.key}: order ${orderId} is not in the database`);
      else if (order.personId !== customer.personId)
        violations.push(`${customer.name}: order ${orderId} belongs to person ${order.personId}`);
      else if (keys.get(`${order.personId} ${placement.key}`)?.orderId !== orderId)
        violations.push(`${customer.name} key ${placement.key}: the key is not bound to order ${orderId}`);
    }
  return result('acknowledged', 'every order a client saw acknowledged exists exactly once', violations);
}

/** Each order of a customer is bound to one key the customer sent: a retry never made another order. */
export function noSecondOrders(facts: ChaosFacts): InvariantResult {
  const violations: string[] = [];
  const boundTo = new Map<number, KeyFact[]>();
  for (const key of facts.database.keys)
    if (key.orderId !== null) boundTo.set(key.orderId, [...(boundTo.get(key.orderId) ?? []), key]);
  for (const customer of facts.customers) {
    if (customer.personId === null) continue;
    const sent = new Set(customer.placements.map((p) => p.key));
    for (const order of facts.database.orders.filter((o) => o.personId === customer.personId)) {
      const keys = boundTo.get(order.id) ?? [];
      if (keys.length !== 1)
        violations.push(`${customer.name}: order ${order.id} is bound to ${keys.length} keys`);
      else if (!sent.has((keys[0] as KeyFact).key))
        violations.push(
          `${customer.name}: order ${order.id} is bound to key ${keys[0]?.key} the client never sent`,
        );
    }
  }
  return result('no-second-order', 'no client retry made a second order', violations);
}

const KEPT = new Set(['paid', 'refund_pending', 'refunded']);

/** Money the provider took is kept by exactly one order (same amount, marked paid) or given back in full. */
export function providerMoneyAccounted(facts: ChaosFacts): InvariantResult {
  const violations: string[] = [];
  const attempts = new Map(facts.database.payments.map((p) => [p.id, p]));
  const keptBy = new Map<string, OrderFact[]>();
  for (const order of facts.database.orders) {
    const attempt = order.paidPaymentId === null ? undefined : attempts.get(order.paidPaymentId);
    if (attempt?.providerPaymentId)
      keptBy.set(attempt.providerPaymentId, [...(keptBy.get(attempt.providerPaymentId) ?? []), order]);
  }
  for (const payment of facts.provider) {
    if (payment.status !== 'succeeded') continue;
    if (payment.refunded >= payment.amount) continue;
    const orders = keptBy.get(payment.id) ?? [];
    const [order] = orders;
    if (orders.length !== 1 || !order)
      violations.push(
        `payment ${payment.id} (${payment.amount}, order ${payment.orderId}) is kept by ${orders.length} orders and not refunded`,
      );
    else if (order.id !== payment.orderId)
      violations.push(`payment ${payment.id} for order ${payment.orderId} is kept by order ${order.id}`);
    else if (!KEPT.has(order.paymentStatus))
      violations.push(`payment ${payment.id} is kept by order ${order.id}, marked ${order.paymentStatus}`);
    else if (payment.refunded > 0 && order.paymentStatus === 'paid')
      violations.push(
        `payment ${payment.id} of paid order ${order.id} is partly refunded (${payment.refunded})`,
      );
    else if (order.payable !== payment.amount)
      violations.push(`payment ${payment.id} took ${payment.amount}, order ${order.id} is ${order.payable}`);
  }
  return result(
    'money-accounted',
    'every payment the provider took belongs to one paid order with its amount, or was refunded',
    violations,
  );
}

/** An order marked paid keeps a payment the provider holds as succeeded, for this order and its amount. */
export function noPaidWithoutMoney(facts: ChaosFacts): InvariantResult {
  const violations: string[] = [];
  const attempts = new Map(facts.database.payments.map((p) => [p.id, p]));
  const provider = new Map(facts.provider.map((p) => [p.id, p]));
  for (const order of facts.database.orders) {
    if (order.paymentStatus !== 'paid') continue;
    const attempt = order.paidPaymentId === null ? undefined : attempts.get(order.paidPaymentId);
    const payment = attempt?.providerPaymentId ? provider.get(attempt.providerPaymentId) : undefined;
    if (!attempt || attempt.orderId !== order.id)
      violations.push(`order ${order.id} is paid by attempt ${order.paidPaymentId}, not one of its own`);
    else if (!payment)
      violations.push(`order ${order.id} is paid, the provider has no payment ${attempt.providerPaymentId}`);
    else if (payment.status !== 'succeeded')
      violations.push(`order ${order.id} is paid, its provider payment ${payment.id} is ${payment.status}`);
    else if (payment.orderId !== order.id || payment.amount !== order.payable)
      violations.push(
        `order ${order.id} (${order.payable}) is paid by ${payment.id} of order ${payment.orderId} (${payment.amount})`,
      );
  }
  return result('paid-has-money', 'no order is marked paid without a provider payment', violations);
}

const GAVE_BACK = new Set(['canceled', 'declined']);

/** A code with a total limit is held by no more live orders than the limit, and its counter says so. */
export function promoCodesNotOversold(facts: ChaosFacts): InvariantResult {
  const violations: string[] = [];
  for (const promo of facts.database.promoCodes) {
    if (promo.totalLimit === null) continue;
    const live = facts.database.orders.filter((o) => o.promoCodeId === promo.id && !GAVE_BACK.has(o.status));
    if (live.length > promo.totalLimit)
      violations.push(`${promo.code}: ${live.length} live orders use it, the limit is ${promo.totalLimit}`);
    if (promo.usedCount > promo.totalLimit)
      violations.push(`${promo.code}: used_count ${promo.usedCount} is past the limit ${promo.totalLimit}`);
    if (promo.usedCount - promo.seededUsedCount !== live.length)
      violations.push(
        `${promo.code}: used_count went from ${promo.seededUsedCount} to ${promo.usedCount}, yet ${live.length} live orders use it`,
      );
  }
  return result('promo-limit', 'limited promo codes are not oversold', violations);
}

/**
 * Cooking within capacity (decision 56): no slot counts more orders than its capacity, each count is the live
 * orders holding the slot (a place taken once, given back once), and no declined or cancelled order still holds one.
 */
export function slotsWithinCapacity(facts: ChaosFacts): InvariantResult {
  const violations: string[] = [];
  const slots = facts.database.slots;
  if (!slots) return result('slot-capacity', 'no slot holds more orders than its capacity', violations);
  const keyOf = (restoId: number, type: string, at: number) =>
    `${restoId}|${type}|${new Date(at).toISOString()}`;
  const live = new Map<string, number>();
  for (const holder of slots.holders) {
    if (holder.slotAtMs === null) continue;
    if (GAVE_BACK.has(holder.status)) {
      violations.push(`order ${holder.orderId} is ${holder.status} yet still holds a slot`);
      continue;
    }
    const key = keyOf(holder.restoId, holder.deliveryType, holder.slotAtMs);
    live.set(key, (live.get(key) ?? 0) + 1);
  }
  const counted = new Set<string>();
  for (const load of slots.loads) {
    const key = keyOf(load.restoId, load.deliveryType, load.slotAtMs);
    counted.add(key);
    if (load.capacity !== null && load.taken > load.capacity)
      violations.push(`${key}: ${load.taken} orders, the capacity is ${load.capacity}`);
    if (load.taken !== (live.get(key) ?? 0))
      violations.push(`${key}: counts ${load.taken}, ${live.get(key) ?? 0} live orders hold it`);
  }
  for (const [key, n] of live)
    if (!counted.has(key)) violations.push(`${key}: ${n} live orders hold an uncounted slot`);
  return result(
    'slot-capacity',
    'no slot holds more orders than its capacity, and its count is its orders',
    violations,
  );
}

/** The kill a 5xx is owed to, if any: the request was in flight at a kill of the instance that served it. */
export function killBehind(request: RequestFact, kills: KillFact[]): KillFact | undefined {
  if (request.proxyError === 'upstream-reset')
    return kills.find(
      (k) =>
        k.backend === request.backend &&
        k.incarnation === request.incarnation &&
        request.startedAt <= k.goneAt &&
        request.endedAt >= k.killedAt,
    );
  // No instance was up (a single-instance run while it restarts): owed to the kill that took it down.
  if (request.proxyError === 'no-backend')
    return kills.find(
      (k) =>
        request.startedAt >= k.killedAt && request.startedAt <= (k.restartedAt ?? Number.POSITIVE_INFINITY),
    );
  return undefined;
}

/** The provider's own notification call: the only route answering 503 payment.provider-unavailable. */
const PROVIDER_UNAVAILABLE_ROUTES = /\/payments\/[a-z]+\/notifications$/;

/**
 * The answer to the provider's notification when the provider itself could not be read back (the fake injects
 * such faults): YooKassa delivers again on anything but 200, so this 503 is the protocol, counted in its own
 * row, not a failure of ours. A customer never gets it; anywhere else it counts.
 */
export const isProviderUnavailable = (request: RequestFact) =>
  request.status === 503 &&
  request.code === 'payment.provider-unavailable' &&
  PROVIDER_UNAVAILABLE_ROUTES.test(request.path.replace(/\?.*$/, ''));

export function no5xxButKills(facts: ChaosFacts): InvariantResult {
  const violations: string[] = [];
  for (const request of facts.requests) {
    if (request.status === null || request.status < 500) continue;
    if (killBehind(request, facts.kills) || isProviderUnavailable(request)) continue;
    violations.push(
      `${request.method} ${request.path} from ${request.client} → ${request.status}` +
        `${request.code ? ` ${request.code}` : ''}${request.proxyError ? ` (${request.proxyError})` : ''}` +
        ` on ${request.backend ?? 'no instance'}#${request.incarnation ?? '-'}`,
    );
  }
  return result('no-5xx', 'no request answered 5xx other than the ones a kill interrupted', violations);
}

// ---- the POS (iiko): every order that may be cooked reaches the kitchen once, and its status comes back ----

/** Money kept or given back after being taken: the order was paid online at some point. */
const ONCE_PAID = new Set(['paid', 'refund_pending', 'refunded']);
/**
 * A send under way or done: iiko must have the order. Not a transfer staff took over (cooked by hand), nor one
 * of an order we withdrew (cancelling, cancelled, or refused by iiko).
 */
const SENT = new Set(['waiting', 'in-progress', 'created', 'failed']);
/** Sends the worker has not finished: flagged on the board (failed) or still going. */
const OPEN_TRANSFERS = new Set(['waiting', 'in-progress', 'failed']);
/** What iiko says of an order it finished: a withdrawal that came later leaves it as history. */
const FINISHED_IN_IIKO = new Set(['Delivered', 'Closed']);

const noPos: PosFacts = { linkedRestoIds: [], orders: [], transfers: [], deliveries: [] };

/** The fake's orders that exist (made, or being made), by id: a creation that failed made nothing. */
function madeInIiko(pos: PosFacts): Map<string, IikoDeliveryFact> {
  return new Map(pos.deliveries.filter((d) => d.creationStatus === 'Success').map((d) => [d.id, d]));
}

/**
 * The orders that may be cooked: every order not cancelled by its customer that was given a transfer (staff
 * did not take it over), and every other order of a linked restaurant paid on receipt or paid online, not
 * cancelled or declined. (One cancelled before iiko got it is never sent: its transfer goes.)
 */
export function cookableOrders(pos: PosFacts): PosOrderFact[] {
  const transfers = new Map(pos.transfers.map((t) => [t.orderId, t]));
  const linked = new Set(pos.linkedRestoIds);
  return pos.orders.filter((order) => {
    if (order.status === 'canceled') return false;
    const transfer = transfers.get(order.id);
    if (transfer) return SENT.has(transfer.state);
    return (
      linked.has(order.restoId) &&
      order.status !== 'declined' &&
      (order.payType !== 'CARD_ONLINE' || ONCE_PAID.has(order.paymentStatus))
    );
  });
}

/** Every order that may be cooked is in iiko, made, under the id its transfer derived. */
export function posNothingMissing(facts: ChaosFacts): InvariantResult {
  const pos = facts.pos ?? noPos;
  const violations: string[] = [];
  const transfers = new Map(pos.transfers.map((t) => [t.orderId, t]));
  const made = madeInIiko(pos);
  for (const order of cookableOrders(pos)) {
    const transfer = transfers.get(order.id);
    if (!transfer)
      violations.push(
        `order ${order.id} (${order.status}/${order.paymentStatus}) was never given a transfer`,
      );
    else if (!made.has(transfer.externalOrderId))
      violations.push(
        `order ${order.id}: iiko has no order ${transfer.externalOrderId} (transfer ${transfer.state}` +
          `${transfer.lastError ? `, ${transfer.lastError}` : ''})`,
      );
  }
  return result('pos-missing', 'every order that may be cooked exists in iiko', violations);
}

/** No two iiko orders for one of ours: the fake's orders by our number, against our orders of that number. */
export function posNoDuplicates(facts: ChaosFacts): InvariantResult {
  const pos = facts.pos ?? noPos;
  const violations: string[] = [];
  const ours = new Map<string, number[]>();
  for (const order of pos.orders) ours.set(order.number, [...(ours.get(order.number) ?? []), order.id]);
  const theirs = new Map<string, string[]>();
  for (const delivery of pos.deliveries) {
    if (delivery.creationStatus === 'Error') continue;
    const number = delivery.externalNumber ?? '';
    theirs.set(number, [...(theirs.get(number) ?? []), delivery.id]);
  }
  // A day's numbers start again at midnight: a number two of our orders share may have two iiko orders.
  for (const [number, ids] of theirs) {
    const orders = ours.get(number) ?? [];
    if (orders.length === 0)
      violations.push(
        `iiko order${ids.length > 1 ? 's' : ''} ${ids.join(', ')} of number ${number} is none of ours`,
      );
    else if (ids.length > orders.length)
      violations.push(
        `our order ${orders.join(', ')} (number ${number}) is ${ids.length} iiko orders: ${ids.join(', ')}`,
      );
  }
  // And the ids: each made iiko order is the derived id of exactly one transfer.
  const byExternal = new Map<string, number[]>();
  for (const t of pos.transfers)
    byExternal.set(t.externalOrderId, [...(byExternal.get(t.externalOrderId) ?? []), t.orderId]);
  for (const [id, orders] of byExternal)
    if (orders.length > 1) violations.push(`orders ${orders.join(', ')} share the iiko id ${id}`);
  return result('pos-duplicates', 'no two iiko orders for one of ours', violations);
}

/**
 * Each order iiko made is where iiko's last status puts it (the domain's mapping), the customer's cancel
 * aside (our order is then cancelled, and iiko's follows it: the next invariant).
 */
export function posStatusesConverged(facts: ChaosFacts): InvariantResult {
  const pos = facts.pos ?? noPos;
  const violations: string[] = [];
  const orders = new Map(pos.orders.map((o) => [o.id, o]));
  const made = madeInIiko(pos);
  for (const transfer of pos.transfers) {
    const delivery = made.get(transfer.externalOrderId);
    const order = orders.get(transfer.orderId);
    if (!delivery || !order || order.status === 'canceled') continue;
    const expected = orderStatusOfPos(
      delivery.status,
      order.deliveryType as Parameters<typeof orderStatusOfPos>[1],
    );
    if (expected !== null && expected !== order.status)
      violations.push(`order ${order.id} is ${order.status}, iiko says ${delivery.status} (${expected})`);
  }
  return result('pos-converged', "every order's status is the one iiko's last status maps to", violations);
}

/** No transfer left open (flagged on the board or still going) for an order iiko has made. */
export function posNothingFlaggedTaken(facts: ChaosFacts): InvariantResult {
  const pos = facts.pos ?? noPos;
  const made = madeInIiko(pos);
  const violations = pos.transfers
    .filter((t) => OPEN_TRANSFERS.has(t.state) && made.has(t.externalOrderId))
    .map(
      (t) =>
        `order ${t.orderId}: its transfer is ${t.state}${t.lastError ? ` (${t.lastError})` : ''}, iiko has made it`,
    );
  return result('pos-flagged-taken', 'nothing left flagged that iiko actually took', violations);
}

/** What became of the orders withdrawn here (cancelled by the customer) that iiko had made. */
export interface WithdrawalOutcomes {
  /** iiko's order is Cancelled. */
  cancelled: number[];
  /** iiko refused the cancel (cooked, closed): flagged for staff to call the kitchen. */
  refused: number[];
  /** iiko had finished it (Delivered, Closed) before the withdrawal was seen: history. */
  finishedFirst: number[];
  /** Still to cook in iiko, or the cancel still under way: the invariant's violations. */
  leftCooking: { orderId: number; state: string; status: string }[];
}

export function withdrawalOutcomes(pos: PosFacts): WithdrawalOutcomes {
  const made = madeInIiko(pos);
  const orders = new Map(pos.orders.map((o) => [o.id, o]));
  const outcomes: WithdrawalOutcomes = { cancelled: [], refused: [], finishedFirst: [], leftCooking: [] };
  for (const t of pos.transfers) {
    const delivery = made.get(t.externalOrderId);
    if (orders.get(t.orderId)?.status !== 'canceled' || !delivery) continue;
    if (delivery.status === 'Cancelled') outcomes.cancelled.push(t.orderId);
    else if (t.state === 'cancel-refused') outcomes.refused.push(t.orderId);
    else if (FINISHED_IN_IIKO.has(delivery.status)) outcomes.finishedFirst.push(t.orderId);
    else outcomes.leftCooking.push({ orderId: t.orderId, state: t.state, status: delivery.status });
  }
  return outcomes;
}

/**
 * An order the customer cancelled once iiko had it is cancelled in iiko too (or iiko refused, and staff are
 * told; or iiko had finished it first): the kitchen does not cook what nobody will take.
 */
export function posWithdrawalsCancelled(facts: ChaosFacts): InvariantResult {
  const violations = withdrawalOutcomes(facts.pos ?? noPos).leftCooking.map(
    (o) => `order ${o.orderId} was cancelled here, iiko has it ${o.status} (transfer ${o.state})`,
  );
  return result('pos-withdrawn', 'every order cancelled here that iiko had is cancelled in iiko', violations);
}

const noBonus: BonusFacts = { entries: [], orders: [] };

function entriesByPerson(entries: readonly BonusEntryFact[]): Map<number, BonusEntryFact[]> {
  const byPerson = new Map<number, BonusEntryFact[]>();
  for (const entry of [...entries].sort((a, b) => a.id - b.id)) {
    const list = byPerson.get(entry.personId) ?? [];
    list.push(entry);
    byPerson.set(entry.personId, list);
  }
  return byPerson;
}

/**
 * No balance ever below zero: each person's running sum in the rows' order never dips under 0, and the
 * ledger's own walk (lots, expiry) agrees with the plain sum and holds no lot below zero.
 */
export function bonusNeverNegative(facts: ChaosFacts): InvariantResult {
  const violations: string[] = [];
  for (const [personId, entries] of entriesByPerson((facts.database.bonus ?? noBonus).entries)) {
    let running = 0;
    for (const entry of entries) {
      running += entry.amount;
      if (running < 0) {
        violations.push(`person ${personId}: balance ${running} after row ${entry.id} (${entry.kind})`);
        break;
      }
    }
    const walked = walkBonusLedger(
      entries.map((e) => ({
        id: e.id,
        kind: e.kind,
        amount: e.amount as Minor,
        orderId: e.orderId,
        expiresAtMs: e.expiresAtMs,
        createdAtMs: e.createdAtMs,
      })),
      Math.max(...entries.map((e) => e.createdAtMs)),
    );
    if (walked.balance !== running)
      violations.push(`person ${personId}: the walk says ${walked.balance}, the rows add up to ${running}`);
    if (walked.lots.some((lot) => lot.left < 0)) violations.push(`person ${personId}: a lot below zero`);
  }
  return result('bonus-negative', 'no points balance ever goes below zero', violations);
}

/**
 * Every order's points happened once and as placed: its hold is what it spent; a declined or cancelled order's
 * hold came back once; a done order earned what it promised, once; no other order earned or was released.
 */
export function bonusOrdersOnce(facts: ChaosFacts): InvariantResult {
  const violations: string[] = [];
  const bonus = facts.database.bonus ?? noBonus;
  const rows = new Map<string, BonusEntryFact[]>();
  for (const entry of bonus.entries) {
    if (entry.orderId === null || !['held', 'released', 'earned'].includes(entry.kind)) continue;
    const key = `${entry.orderId} ${entry.kind}`;
    rows.set(key, [...(rows.get(key) ?? []), entry]);
  }
  const one = (orderId: number, kind: string) => {
    const found = rows.get(`${orderId} ${kind}`) ?? [];
    if (found.length > 1) violations.push(`order ${orderId}: ${found.length} ${kind} rows`);
    return found[0]?.amount ?? 0;
  };
  for (const order of bonus.orders) {
    const held = one(order.id, 'held');
    const released = one(order.id, 'released');
    const earned = one(order.id, 'earned');
    if (held !== -order.bonusSpent)
      violations.push(`order ${order.id}: spent ${order.bonusSpent}, held ${-held}`);
    const withdrawn = order.status === 'declined' || order.status === 'canceled';
    if (withdrawn && released !== order.bonusSpent)
      violations.push(`order ${order.id} ${order.status}: spent ${order.bonusSpent}, released ${released}`);
    if (!withdrawn && released !== 0)
      violations.push(`order ${order.id} ${order.status}: released ${released}`);
    const due = order.status === 'done' ? order.bonusEarn : 0;
    if (earned !== due) violations.push(`order ${order.id} ${order.status}: earns ${due}, earned ${earned}`);
  }
  return result(
    'bonus-once',
    'no order spends, gives back or earns points twice, or other than placed',
    violations,
  );
}

/**
 * The reports' roll-ups kept in step under kills: every restaurant-day not marked behind at the end has a roll-up
 * row equal to its raw orders (placed, counted, persons), no day with orders lacks one, and every month none of
 * whose days is marked sums its days. A change whose mark was lost (a kill between the change and its mark, or a
 * roll-up that unmarked a day it did not see) shows here as a day behind its orders with no mark.
 */
export function reportsInStep(facts: ChaosFacts): InvariantResult {
  const violations: string[] = [];
  const reports = facts.database.reports;
  if (reports) {
    const marked = new Set(reports.marked);
    const key = (d: ReportDayFact) => `${d.restoId}|${d.localDate}`;
    const rolled = new Map(reports.rolled.map((d) => [key(d), d]));
    const raw = new Map(reports.raw.map((d) => [key(d), d]));
    for (const k of new Set([...rolled.keys(), ...raw.keys()])) {
      if (marked.has(k)) continue;
      const r = rolled.get(k);
      const o = raw.get(k);
      if (!r) violations.push(`restaurant-day ${k}: orders (${o?.placed}) but no roll-up and no mark`);
      else if (!o) violations.push(`restaurant-day ${k}: a roll-up (${r.placed}) of no orders and no mark`);
      else if (r.placed !== o.placed || r.orders !== o.orders || r.persons.join(',') !== o.persons.join(','))
        violations.push(
          `restaurant-day ${k}: rolled up ${r.placed} placed / ${r.orders} orders / ${r.persons.length} persons, ` +
            `the orders say ${o.placed} / ${o.orders} / ${o.persons.length}, and no mark`,
        );
    }
    for (const m of reports.months)
      if (m.placed !== m.daysPlaced || m.orders !== m.daysOrders)
        violations.push(
          `month ${m.restoId}|${m.month}: ${m.placed} placed / ${m.orders} orders, its days ${m.daysPlaced} / ${m.daysOrders}`,
        );
  }
  return result(
    'reports-in-step',
    'every restaurant-day not marked behind is rolled up as its orders say',
    violations,
  );
}

export function checkAll(facts: ChaosFacts): InvariantResult[] {
  return [
    acknowledgedOrdersExist(facts),
    noSecondOrders(facts),
    providerMoneyAccounted(facts),
    noPaidWithoutMoney(facts),
    promoCodesNotOversold(facts),
    no5xxButKills(facts),
    ...(facts.database.slots ? [slotsWithinCapacity(facts)] : []),
    ...(facts.database.bonus ? [bonusNeverNegative(facts), bonusOrdersOnce(facts)] : []),
    ...(facts.database.reports ? [reportsInStep(facts)] : []),
    ...(facts.pos
      ? [
          posNothingMissing(facts),
          posNoDuplicates(facts),
          posStatusesConverged(facts),
          posNothingFlaggedTaken(facts),
          posWithdrawalsCancelled(facts),
        ]
      : []),
  ];
}
