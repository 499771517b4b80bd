import type { BonusProgram } from '../bonus/bonus-program.ts';
import { bonusEarn, judgeBonusSpend } from '../bonus/bonus-rules.ts';
import type { PromoCodeKind } from '../catalog/catalog-constants.ts';
import type { ModifierGroup } from '../catalog/modifier-rules.ts';
import type { DeliveryRule, DeliveryZone } from '../contracts/deliveries.ts';
import type { Position, TimeSlot } from '../contracts/menus.ts';
import type { PreflightRequest } from '../contracts/preflight.ts';
import type { Resto } from '../contracts/restos.ts';
import { findTopZoneAt } from '../geo/geo.ts';
import { type CustomerDeliveryMethod, paymentMethodProblem, supportsMethod } from '../methods/methods.ts';
import { type Minor, minor } from '../money/money.ts';
import type { OpeningHoursDay } from '../schedule/schedule.ts';
import { type AddOnReason, pickAddOns } from '../selling/add-ons.ts';
import { type FreeCondiment, freeCondimentLines } from '../selling/free-condiments.ts';
import { type GiftPromotion, type GiftWithheld, judgeGift } from '../selling/gift-rules.ts';
import { chooseDeliveryBand } from './delivery-band.ts';
import { judgeOrderTime } from './order-time.ts';
import type { PricingProblem } from './preflight-codes.ts';
import { orderableMenuOf, priceLine } from './price-line.ts';
import { judgePromoCode, promoDiscount } from './promo-code-rules.ts';
import { spreadDiscount } from './spread-discount.ts';

/**
 * The one price authority (ORDERING.md 'Money'): a cart priced from the catalog alone. The API calls it
 * for preflight and again inside the order's transaction; the storefront never computes a payable itself.
 * Pure: the catalog, the promo code with its usage counts and the clock are all passed in.
 */

/** What pricing reads of one restaurant's catalog (the API builds it from its in-memory snapshot). */
export interface PricingCatalog {
  resto: Pick<
    Resto,
    | 'id'
    | 'timezone'
    | 'currency'
    | 'isDelivery'
    | 'isTakeAway'
    | 'payConfig'
    | 'openingHours'
    | 'specialDays'
    | 'menus'
    | 'takeAwayMaxOrderSum'
  >;
  /** Every published position of the brand by id (a position of another restaurant's menu is found, then refused). */
  positions: ReadonlyMap<number, Pick<Position, 'id' | 'menu' | 'price'>>;
  /** The modifier groups each position offers, by position id; absent = none. */
  modifiers: ReadonlyMap<number, readonly (ModifierGroup & { modifierId: number })[]>;
  timeSlots: readonly TimeSlot[];
  /** This restaurant's active delivery zones. */
  zones: readonly Pick<DeliveryZone, 'id' | 'polygon' | 'rules' | 'priority'>[];
  /** Pre-order settings of this restaurant for the method asked (null: pre-orders follow the opening hours, lead 0). */
  preOrder: { minTimeMinutes: number; dayInAdvance: number; hours: readonly OpeningHoursDay[] } | null;
  /** The brand's features.preOrder. */
  preOrderEnabled: boolean;
  /**
   * The restaurant's stop-list (decision 23): dishes run out for the restaurant-local day starting at
   * `dayStartMs`. Orders for another day are not touched (tomorrow's pre-order may have the dish).
   * Absent: nothing stopped.
   */
  stopList?: { dayStartMs: number; positionIds: ReadonlySet<number> } | null;
  /** 'Busy': as-soon-as-possible orders are refused until this instant (epoch ms); absent or null: not busy. */
  busyUntilMs?: number | null;
  /** The brand's published gift promotions (decision 56); judged here by restaurant and window. Absent: none. */
  gifts?: readonly GiftPromotion[];
  /** The add-on lists of this restaurant's menus for the method, in menu order (duplicates allowed). Absent: none. */
  addOnIds?: readonly number[];
  /** The brand's 18+ dishes: offered as add-ons only once the customer confirmed their age. Absent: none. */
  adultIds?: ReadonlySet<number>;
}

/** A promo code as the catalog defines it; times are epoch ms. */
export interface PromoCodeDefinition {
  id: number;
  code: string;
  kind: PromoCodeKind;
  /** Percent (1–100) or a fixed amount in minor units. */
  value: number;
  maxDiscountAmount: Minor | null;
  minOrderAmount: Minor | null;
  startsAt: number | null;
  endsAt: number | null;
  active: boolean;
  /** Restaurant-local hours 'HH:MM'..'HH:MM' (to exclusive; 23:59 and 00:00 mean the day's end). */
  hours: { from: string; to: string } | null;
  /** Empty: every restaurant of the brand. */
  restoIds: readonly number[];
  /** Empty: every method. */
  deliveryMethods: readonly CustomerDeliveryMethod[];
  totalLimit: number | null;
  perPersonLimit: number | null;
  /** ISO weekdays (1 Monday … 7 Sunday) on the restaurant's wall clock; empty or absent: every day. */
  daysOfWeek?: readonly number[];
  /** Only a person's first order (none earlier that was not declined or cancelled). */
  firstOrderOnly?: boolean;
}

/** The promo code the request named, looked up by the API. */
export type PromoLookup =
  | { kind: 'none' }
  | { kind: 'not-found'; code: string }
  /** The client has tried too many unknown codes: the code was not looked up. */
  | { kind: 'blocked'; code: string }
  | {
      kind: 'found';
      definition: PromoCodeDefinition;
      /** Orders that used it, all customers. */
      usedCount: number;
      /** Orders of this person that used it; null for an anonymous preflight. */
      usedByPerson: number | null;
      /** Whether the person has an order that was not declined or cancelled; null (or absent) when not known. */
      hasEarlierOrder?: boolean | null;
    };

export interface PricingInput {
  request: PreflightRequest;
  promo: PromoLookup;
  /** The server's clock, epoch ms. */
  nowMs: number;
  /**
   * The brand's points (decision 55) as the API read them for this person; absent: no program. `balance` null:
   * an anonymous cart. `earnPercent`: the tier this person's next order earns at.
   */
  bonus?: { program: BonusProgram; balance: Minor | null; earnPercent: number };
  /** The brand's free condiments by persons (brand settings `freeCondiments`); absent: none. */
  freeCondiments?: readonly FreeCondiment[];
  /** Dishes often ordered with the cart's in this restaurant, most often first (computed apart); absent: none. */
  oftenWith?: readonly number[];
}

export interface PricedLine {
  id: number;
  menu: { id: number };
  count: number;
  price: Minor;
  modifiers: { id: number; modifierId: number; count: number; price: Minor }[];
  sum: Minor;
  promoDiscount: Minor;
  /** The line's share of the points spent (a second discount, after the promo code's). */
  bonusDiscount: Minor;
  payableAmount: Minor;
  available: boolean;
}

/** A priced cart's points: what the person has, may spend, spends and would earn. */
export interface PricedBonus {
  /** Null for an anonymous cart. */
  balance: Minor | null;
  /** The most this cart may spend (0 anonymous, off, or with a promo code the program does not mix). */
  spendable: Minor;
  spent: Minor;
  /** What the order would earn when done: the percent of the money paid for dishes. */
  earn: Minor;
  earnPercent: number;
}

/** A condiment the server adds at 0 ₽: perPerson × personCount of it, from the restaurant menu holding it. */
export interface FreeLine {
  positionId: number;
  menuId: number;
  count: number;
  perPerson: number;
  personCount: number;
}

/** The cart's gift: the promotion reached and the dish given, or why it is withheld, and the next threshold. */
export interface PricedGift {
  /** The running gift promotion with the highest threshold at or below the dishes' sum; null below every one. */
  reached: GiftPromotion | null;
  /** The dish given (count 1, 0 ₽) and its menu; null when none is reached or it is withheld. */
  given: { positionId: number; menuId: number } | null;
  /** The reached promotion's dishes orderable now, each with its menu. */
  options: { positionId: number; menuId: number }[];
  withheld: GiftWithheld | null;
  next: { promotion: GiftPromotion; amountLeft: Minor } | null;
}

export interface PricedCart {
  lines: PricedLine[];
  /** Condiments given free by persons (never among `lines`; they change no sum). Empty without any goods. */
  freeLines: FreeLine[];
  /** Null when no gift promotion with an orderable dish runs in this restaurant now. */
  gift: PricedGift | null;
  /** 'Добавить к заказу': not part of the price nor of the quote. */
  addOns: { positionId: number; menuId: number; reason: AddOnReason }[];
  orderAtMs: number;
  preOrderAtMs: number | null;
  promo: {
    definition: PromoCodeDefinition;
    active: boolean;
    discount: Minor;
    amountLeft: Minor;
  } | null;
  positionsCount: number;
  sum: Minor;
  discount: Minor;
  deliveryPrice: Minor;
  /** sum − discount − bonus.spent + deliveryPrice. */
  payable: Minor;
  /** Null when the brand has no program on (the storefront shows nothing of points). */
  bonus: PricedBonus | null;
  zoneId: number | null;
  rules: DeliveryRule[];
  band: DeliveryRule | null;
  nextBand: DeliveryRule | null;
  problems: PricingProblem[];
}

/**
 * Prices a request that passed the contract; never throws for one. Every problem is reported at once, in the
 * order the storefront should show them: order time, method, address and zone, lines, an empty cart, the
 * zone's sum range, payment, promo code, points.
 */
export function priceCart(catalog: PricingCatalog, input: PricingInput): PricedCart {
  const { request, nowMs } = input;
  const { resto } = catalog;
  const { deliveryType } = request;

  const time = judgeOrderTime({
    nowMs,
    preOrderAt: request.preOrderAt,
    preOrderEnabled: catalog.preOrderEnabled,
    preOrder: catalog.preOrder,
    openingHours: resto.openingHours,
    specialDays: resto.specialDays ?? [],
    timezone: resto.timezone,
  });
  const { orderAtMs } = time;

  // A customer asks only for DELIVERY or TAKE_AWAY, so the catalog need not carry the other two flags.
  const flags = {
    isDelivery: resto.isDelivery,
    isTakeAway: resto.isTakeAway,
    isOnline: false,
    isTable: false,
  };
  const methodProblems: PricingProblem[] = supportsMethod(flags, deliveryType)
    ? []
    : [{ code: 'person-order.delivery-method-not-supported' }];
  // 'Busy' pauses only as-soon-as-possible orders; a pre-order is the kitchen's to plan.
  const busyProblems: PricingProblem[] =
    time.preOrderAtMs === null && catalog.busyUntilMs != null && nowMs < catalog.busyUntilMs
      ? [{ code: 'resto.busy' }]
      : [];

  let zone: PricingCatalog['zones'][number] | null = null;
  const addressProblems: PricingProblem[] = [];
  if (deliveryType === 'DELIVERY') {
    if (!request.location) addressProblems.push({ code: 'delivery.address-required' });
    else {
      zone = findTopZoneAt(request.location, catalog.zones) ?? null;
      if (!zone) addressProblems.push({ code: 'delivery.address-outside-zone' });
    }
  }

  const priced = request.positions.map((position, index) =>
    priceLine(position, index, { catalog, deliveryType, orderAtMs }),
  );
  const lineProblems = priced.flatMap((entry) => entry.problems);
  const available = priced.filter((entry) => entry.line.available).map((entry) => entry.line);
  const emptyProblems: PricingProblem[] = available.length === 0 ? [{ code: 'person-order.empty' }] : [];
  const sum = minor(available.reduce<number>((total, line) => total + line.sum, 0));
  const positionsCount = available.reduce((total, line) => total + line.count, 0);

  const verdict = judgePromoCode(input.promo, {
    restoId: resto.id,
    deliveryType,
    orderAtMs,
    timezone: resto.timezone,
  });
  const promoProblems: PricingProblem[] = [];
  let promo: PricedCart['promo'] = null;
  if (verdict.kind === 'refused') promoProblems.push({ code: verdict.problem });
  if (verdict.kind === 'accepted') {
    promoProblems.push(...verdict.warnings.map((code) => ({ code })));
    promo = { definition: verdict.definition, ...promoDiscount(verdict.definition, sum) };
  }
  const discount = promo?.discount ?? minor(0);

  const shares = spreadDiscount(
    available.map((line) => line.sum),
    discount,
  );
  available.forEach((line, index) => {
    const share = shares[index] ?? minor(0);
    line.promoDiscount = share;
    line.payableAmount = minor(line.sum - share);
  });

  // Points are judged on the dishes after the promo code, and are a second discount spread over what the
  // lines still cost, so a receipt's items add up to the money paid (decision 55).
  const dishesSum = minor(sum - discount);
  const hasPromoCode = promo?.active === true;
  const bonusProblems: PricingProblem[] = [];
  let bonus: PricedBonus | null = null;
  let spent = minor(0);
  const program = input.bonus?.program;
  const requested = minor(request.bonusToSpend ?? 0);
  if (input.bonus && program?.enabled) {
    const judged = judgeBonusSpend(program, {
      requested,
      dishesSum,
      hasPromoCode,
      balance: input.bonus.balance,
    });
    spent = judged.spent;
    if (judged.problem)
      bonusProblems.push(
        judged.problem === 'bonus.over-limit'
          ? { code: judged.problem, limit: judged.limit }
          : { code: judged.problem },
      );
    const earnPercent = input.bonus.earnPercent;
    bonus = {
      balance: input.bonus.balance,
      spendable: judged.limit,
      spent,
      earn: bonusEarn(program, {
        dishesSum: sum,
        promoDiscount: discount,
        bonusSpent: spent,
        hasPromoCode,
        earnPercent,
      }),
      earnPercent,
    };
  } else if (requested > 0) {
    bonusProblems.push({ code: 'bonus.program-off' });
  }
  const bonusShares = spreadDiscount(
    available.map((line) => line.payableAmount),
    spent,
  );
  available.forEach((line, index) => {
    const share = bonusShares[index] ?? minor(0);
    line.bonusDiscount = share;
    line.payableAmount = minor(line.payableAmount - share);
  });

  // The band and the take-away maximum read the order's value: points are a way of paying, not a discount of it.
  const choice = zone ? chooseDeliveryBand(zone.rules, dishesSum) : null;
  // Nothing to deliver costs nothing, and a range warning on it would only add noise to 'empty'.
  const hasGoods = available.length > 0;
  const rangeProblems: PricingProblem[] = hasGoods && choice?.problem ? [choice.problem] : [];
  // Take-away has no zone; the restaurant's own maximum refuses a total at or above it, as a zone's last band does.
  const takeAwayMax = resto.takeAwayMaxOrderSum;
  if (deliveryType === 'TAKE_AWAY' && hasGoods && takeAwayMax != null && sum - discount >= takeAwayMax)
    rangeProblems.push({ code: 'delivery.order-sum-too-large', limit: takeAwayMax });
  const deliveryPrice = hasGoods ? (choice?.band?.deliveryPrice ?? minor(0)) : minor(0);

  const payProblem = paymentMethodProblem(resto.payConfig, deliveryType, request.payType);

  // What the server adds or offers besides the customer's lines (decision 56): none of it changes a sum.
  const menuOf = orderableMenuOf({ catalog, deliveryType, orderAtMs });
  const orderable = (positionId: number) => menuOf(positionId) !== null;
  const withMenu = (positionId: number) => ({ positionId, menuId: menuOf(positionId) as number });
  const personCount = request.personCount ?? 1;
  const freeLines: FreeLine[] = hasGoods
    ? freeCondimentLines(input.freeCondiments ?? [], personCount, orderable).map((line) => ({
        ...withMenu(line.positionId),
        count: line.count,
        perPerson: line.perPerson,
        personCount,
      }))
    : [];
  const giftVerdict = judgeGift(catalog.gifts ?? [], {
    dishesSum,
    restoId: resto.id,
    nowMs: orderAtMs,
    hasPromoCode,
    bonusSpent: spent,
    chosenPositionId: request.giftPositionId ?? null,
    orderable,
  });
  const gift: PricedGift | null =
    giftVerdict.reached === null && giftVerdict.next === null
      ? null
      : {
          reached: giftVerdict.reached,
          // An empty cart earns nothing, whatever a threshold of 0 would say.
          given: giftVerdict.positionId !== null && hasGoods ? withMenu(giftVerdict.positionId) : null,
          options: giftVerdict.options.map(withMenu),
          withheld: giftVerdict.withheld,
          next: giftVerdict.next,
        };
  const adultIds = catalog.adultIds;
  const addOns = pickAddOns({
    listed: catalog.addOnIds ?? [],
    often: input.oftenWith ?? [],
    inCart: new Set(request.positions.map((position) => position.id)),
    orderable,
    isAdult: (positionId) => adultIds?.has(positionId) ?? false,
    adultConfirmed: request.adultConfirmed === true,
  }).map((addOn) => ({ ...withMenu(addOn.positionId), reason: addOn.reason }));

  return {
    lines: priced.map((entry) => entry.line),
    freeLines,
    gift,
    addOns,
    orderAtMs,
    preOrderAtMs: time.preOrderAtMs,
    promo,
    positionsCount,
    sum,
    discount,
    deliveryPrice,
    payable: minor(sum - discount - spent + deliveryPrice),
    bonus,
    zoneId: zone?.id ?? null,
    rules: choice?.rules ?? [],
    band: choice?.band ?? null,
    nextBand: choice?.nextBand ?? null,
    problems: [
      ...time.problems,
      ...busyProblems,
      ...methodProblems,
      ...addressProblems,
      ...lineProblems,
      ...emptyProblems,
      ...rangeProblems,
      ...(payProblem ? [{ code: payProblem }] : []),
      ...promoProblems,
      ...bonusProblems,
    ],
  };
}
