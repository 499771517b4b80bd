import type { ApiModule } from '../../core/api-module.ts';
import { type PreflightRoutesOptions, preflightRoutes } from './preflight.routes.ts';

export { preflightAnswer, quoteOf } from './preflight-answer.ts';
export { normalisePromoCode, pricingCatalogFor, promoCodeDefinition } from './pricing-catalog.ts';
export { hasEarlierOrder, placementPromoGuess } from './promo-lookup.ts';
export { type Quote, type QuoteKey, readQuoteKey, signQuote, verifyQuote } from './quote.ts';

/** The cart priced by the server before an order, with a signed quote. */
export const preflightModule: ApiModule<PreflightRoutesOptions> = {
  name: 'preflight',
  async register(app, deps) {
    await app.register(preflightRoutes, deps);
  },
};
