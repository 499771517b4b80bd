import { DEFAULT_SLOT_MINUTES, isPreOrderSlot, type PromoLookup, priceCart } from '@storefront/domain';
import {
  type BrandConfig,
  errorBody,
  type PreflightRequest,
  personPreflightParams,
  preflightRequest,
  preflightResponse,
} from '@storefront/domain/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppConfig } from '../../config.ts';
import { ApiError } from '../../core/api-error.ts';
import { clientKeyOf } from '../../core/client-key.ts';
import type { Database } from '../../db/client.ts';
import { signedInPerson } from '../../plugins/authentication.ts';
import { requestLocale } from '../../plugins/error-handler.ts';
import { bonusFactsForPricing } from '../bonus/index.ts';
import {
  type CapacityStore,
  extendedCookingMinutes,
  leadMinutesOf,
  type PreflightCapacity,
  preflightCapacity,
} from '../capacity/index.ts';
import type { AvailabilityStore, CatalogStore } from '../catalog/index.ts';
import { preflightAnswer } from './preflight-answer.ts';
import { normalisePromoCode, pricingCatalogFor } from './pricing-catalog.ts';
import { lookupPromoCode, SpentGuessBudgets } from './promo-lookup.ts';
import { readQuoteKey, signQuote } from './quote.ts';

export interface PreflightRoutesOptions {
  db: Database;
  config: AppConfig;
  catalog: CatalogStore;
  now: () => number;
  /** Today's stop-lists and 'busy' pauses, in memory (decision 23): the preflight never asks PostgreSQL for them. */
  availability: AvailabilityStore;
  /** The brand's settings as served now: an owner turns pre-orders and promo codes on and off (decision 50). */
  brand: { readonly settings: BrandConfig };
  /** Slot counts and delays in memory (decision 56): readyAt, delayMinutes and the capacity problems. */
  capacity: CapacityStore;
  /** 'Often ordered with' in memory (decision 56): the add-ons below the menus' lists, no database read. */
  pairs: { oftenWith(restoId: number, positionIds: readonly number[]): number[] };
}

/** Problems that already say the order cannot be placed at its time: capacity is not judged on top of them. */
const TIME_PROBLEMS = new Set([
  'resto.not-accepting-orders',
  'resto.busy',
  'person-order.pre-order-too-soon',
  'person-order.pre-order-too-far',
]);

const DESCRIPTION =
  'Prices the cart from the server catalog (client prices and sums are ignored) and answers 200 with every ' +
  'problem of the cart in `problems` (docs/product.md §8 codes; `errors[0]` mirrors the first). Only a malformed body is ' +
  'a 400 (with the field). 404 resto.not-found: the restaurant is unknown, unpublished or of another brand. ' +
  'Unknown promo codes spend the client’s hourly guesses; once spent every code answers ' +
  'promo-code.too-many-attempts. `bonusToSpend` asks to pay part of the dishes in points (signed in; bonus.* ' +
  'problems when refused, spending nothing); `bonus` answers the balance, the spendable share, the spend and the ' +
  'earn (null when the brand has no program). `freeLines` are the brand’s free condiments for `personCount` ' +
  '(absent: 1) at 0 ₽, `gift` the gift promotion reached (or withheld, not a problem) and the next threshold, ' +
  '`addOns` the dishes offered with the cart (not part of the price). `quote` is a signed token of this pricing that order placement checks.';

/** POST /1/persons/orders/preflight (anonymous) and POST /1/persons/{personId}/orders/preflight (signed in). */
export const preflightRoutes: FastifyPluginAsyncZod<PreflightRoutesOptions> = async (
  app,
  { db, config, catalog, now, availability, brand, capacity, pairs },
) => {
  const whiteLabel = config.brand.whiteLabel;
  const quoteKey = readQuoteKey(config);
  const sign = signQuote.bind(null, quoteKey);
  const spentBudgets = new SpentGuessBudgets();

  const preflight = async (request: FastifyRequest, body: PreflightRequest, personId: number | null) => {
    const nowMs = now();
    const snapshot = catalog.snapshot;
    const pricing = pricingCatalogFor(snapshot, {
      whiteLabel,
      restoId: body.restoId,
      deliveryType: body.deliveryType,
      preOrderEnabled: brand.settings.features.preOrder,
    });
    if (!pricing) throw new ApiError(404, 'resto.not-found', 'restoId');
    const code = normalisePromoCode(body.promoCode);
    // A brand without promo codes (features.promoCodes false) knows none: refused without a lookup or a guess.
    const promo: PromoLookup = !brand.settings.features.promoCodes
      ? code === null
        ? { kind: 'none' }
        : { kind: 'not-found', code }
      : await lookupPromoCode(
          db,
          snapshot,
          {
            whiteLabel,
            raw: body.promoCode,
            clientKey: clientKeyOf(request.ip),
            personId,
            guessesPerHour: config.env.PROMO_CODE_GUESSES_PER_CLIENT_HOUR,
            now: new Date(nowMs),
          },
          spentBudgets,
        );
    // The person's points as they stand; placement reads them again under the person's lock (decision 55).
    const bonus = await bonusFactsForPricing(db, whiteLabel, personId, nowMs, { lockedForPlacement: false });
    const cart = priceCart(
      { ...pricing, ...availability.forResto(pricing.resto.id, pricing.resto.timezone, nowMs) },
      {
        request: body,
        promo,
        nowMs,
        bonus,
        freeCondiments: brand.settings.freeCondiments,
        oftenWith: pairs.oftenWith(
          pricing.resto.id,
          body.positions.map((position) => position.id),
        ),
      },
    );
    // Within capacity (decision 56): when the order would be ready, from this instance's memory.
    const view = capacity.forResto(pricing.resto.id, body.deliveryType);
    const extraMinutes = extendedCookingMinutes(
      snapshot,
      whiteLabel,
      cart.lines.filter((line) => line.available).map((line) => line.id),
    );
    const lead = leadMinutesOf(body.deliveryType, cart.band?.time, view.takeAwayMinutes) + extraMinutes;
    const judged: PreflightCapacity = preflightCapacity(view, {
      nowMs,
      preOrderAtMs: cart.preOrderAtMs,
      baseMs: nowMs + lead * 60_000,
      resto: pricing.resto,
      offered: (slotMs) =>
        isPreOrderSlot(slotMs, {
          nowMs,
          timezone: pricing.resto.timezone,
          openingHours: pricing.resto.openingHours,
          specialDays: pricing.resto.specialDays ?? [],
          preOrder: pricing.preOrder,
          extraLeadMinutes: extraMinutes,
          slotMinutes: config.brand.features.preOrderSlotMinutes ?? DEFAULT_SLOT_MINUTES,
        }),
    });
    const timeRefused = cart.problems.some((p) => TIME_PROBLEMS.has(p.code));
    const capacityAnswer = {
      readyAtMs: timeRefused ? null : judged.readyAtMs,
      delayMinutes: judged.delayMinutes,
    };
    const priced = timeRefused ? cart : { ...cart, problems: [...cart.problems, ...judged.problems] };
    return preflightAnswer(priced, {
      capacity: capacityAnswer,
      locale: requestLocale(request),
      currency: pricing.resto.currency,
      timezone: pricing.resto.timezone,
      nowMs,
      whiteLabel,
      personId,
      request: body,
      sign,
    });
  };

  app.post(
    '/1/persons/orders/preflight',
    {
      schema: {
        tags: ['preflight'],
        summary: 'Prices an anonymous cart: the answer, its problems and a quote (no-store)',
        description: DESCRIPTION,
        body: preflightRequest,
        response: { 200: preflightResponse, 400: errorBody, 404: errorBody },
      },
      // Personal in the sense of the auth plugin: no token, and the answer is never cached.
      config: { auth: 'personal' },
    },
    async (request) => preflight(request, request.body, null),
  );

  app.post(
    '/1/persons/:personId/orders/preflight',
    {
      schema: {
        tags: ['preflight'],
        summary:
          "Prices a signed-in person's cart, counting their own uses of the promo code (Authorization: Bearer access token; 403 for another person)",
        description: DESCRIPTION,
        params: personPreflightParams,
        body: preflightRequest,
        response: { 200: preflightResponse, 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody },
      },
      config: { auth: 'path-person' },
    },
    async (request) => preflight(request, request.body, signedInPerson(request).personId),
  );
};
