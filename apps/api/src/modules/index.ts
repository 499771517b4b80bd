import type { PayEngine } from '@storefront/domain';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config.ts';
import type { ApiModule } from '../core/api-module.ts';
import type { RequestLimits } from '../core/request-limits.ts';
import type { Database } from '../db/client.ts';
import type { PaymentGateway } from '../integrations/payments/payment-gateway.ts';
import { buildPaymentGateways } from '../integrations/payments/payment-gateways.ts';
import { adminModule } from './admin/index.ts';
import { authModule } from './auth/index.ts';
import { boardModule } from './board/index.ts';
import { bonusModule } from './bonus/index.ts';
import { bootModule } from './boot/index.ts';
import { type BrandStore, brandModule } from './brand/index.ts';
import { CapacityStore, capacityModule } from './capacity/index.ts';
import { AvailabilityStore, CatalogStore, catalogModule } from './catalog/index.ts';
import { citiesModule } from './cities/index.ts';
import { deliveriesModule } from './deliveries/index.ts';
import { eventsModule } from './events/index.ts';
import { geocoderModule } from './geocoder/index.ts';
import { healthModule } from './health/index.ts';
import { locationModule } from './location/index.ts';
import { menusModule } from './menus/index.ts';
import { ordersModule } from './orders/index.ts';
import {
  onlinePayGate,
  type PaymentsContext,
  paymentsModule,
  readPaymentsSettings,
  startSweeper,
} from './payments/index.ts';
import { posModule } from './pos/index.ts';
import { preflightModule } from './preflight/index.ts';
import { promotionsModule } from './promotions/index.ts';
import { ratingsModule } from './ratings/index.ts';
import { reportsModule } from './reports/index.ts';
import { restosModule } from './restos/index.ts';
import { PositionPairsStore, sellingModule } from './selling/index.ts';
import { staffModule } from './staff/index.ts';
import { timeModule } from './time/index.ts';

/**
 * The API's modules, in the order they register (the order of the OpenAPI document's paths). A new module
 * adds its folder with an index.ts that exports its ApiModule (core/api-module.ts), its line here and, if
 * it documents a new tag, the tag below: app.ts does not change.
 *
 * The layout rules (decision 35; biome.json enforces them): core/ and plugins/ import no module; a module
 * imports core/, plugins/, db/, integrations/, the domain, and other modules only through their index.ts;
 * no two modules import each other. seo is registered by app.ts itself, after the storefront's files.
 */

/** What the app shares with its modules: each module's ApiModule names the part it uses. */
export interface ModuleDeps {
  config: AppConfig;
  db: Database;
  /** The clock the API reads; tests pin it. */
  now: () => number;
  catalog: CatalogStore;
  /** Today's stop-lists and pauses in memory (decision 23). */
  availability: AvailabilityStore;
  /** The brand's settings and pages as served now (decision 50). */
  brand: BrandStore;
  payments: PaymentsContext;
  /** Orders, payment attempts and event streams per person and client (core/request-limits.ts). */
  limits: RequestLimits;
  /** 'Often ordered with' in memory (decision 56). */
  pairs: PositionPairsStore;
  /** Slot counts, capacities and delays in memory (decision 56). */
  capacity: CapacityStore;
}

export const API_MODULES: readonly ApiModule<ModuleDeps>[] = [
  healthModule,
  timeModule,
  citiesModule,
  restosModule,
  menusModule,
  deliveriesModule,
  promotionsModule,
  locationModule,
  bootModule,
  brandModule,
  geocoderModule,
  authModule,
  staffModule,
  bonusModule,
  sellingModule,
  capacityModule,
  preflightModule,
  ordersModule,
  paymentsModule,
  boardModule,
  catalogModule,
  eventsModule,
  adminModule,
  posModule,
  ratingsModule,
  reportsModule,
];

/** The OpenAPI document's tags, in the order the docs page shows them. */
export const OPENAPI_TAGS = [
  { name: 'health', description: 'Liveness and readiness for load balancers' },
  { name: 'time' },
  { name: 'cities' },
  { name: 'restos' },
  { name: 'menus' },
  { name: 'deliveries' },
  { name: 'promotions' },
  { name: 'location' },
  { name: 'geocoder' },
  { name: 'auth', description: 'Phone sign-in, tokens and the person profile' },
  { name: 'preflight', description: 'Cart pricing by the server before an order, with a signed quote' },
  { name: 'orders', description: 'Placing an order exactly once, the customer’s orders, cancelling' },
  {
    name: 'staff',
    description: 'The order board: orders of the staff member’s restaurants, their moves, stop-list and busy',
  },
  {
    name: 'payments',
    description:
      'Online payment: new attempts, paying on receipt instead, provider notifications, the demo page',
  },
  {
    name: 'admin',
    description:
      'The back office: roles per brand (owner, manager, operator), dishes versioned under If-Match, the audit log and its revert',
  },
  { name: 'bonus', description: 'Bonus points: the balance and history of a person' },
  {
    name: 'pos',
    description: "The chain's point-of-sale system (iiko): its webhook",
  },
  {
    name: 'ratings',
    description: 'The customer’s rating of a done order: on the order page and from a signed link',
  },
  { name: 'reports', description: 'Reports for the chain: figures per period and restaurants, CSV and XLSX' },
];

export interface SharedServicesOptions {
  config: AppConfig;
  db: Database;
  now: () => number;
  limits: RequestLimits;
  /** Payment engines in place of the ones built from the settings (tests: a scripted gateway). */
  paymentGateways?: Map<PayEngine, PaymentGateway>;
}

/**
 * The services several modules share, started once before any route and decorated on the app (tests read
 * them there): the catalog in memory (loaded before the first request is accepted), today's availability,
 * and the payments context with its sweeper. Timers stop when the app closes.
 */
export async function startSharedServices(
  app: FastifyInstance,
  { config, db, now, limits, paymentGateways }: SharedServicesOptions,
): Promise<Pick<ModuleDeps, 'catalog' | 'availability' | 'payments' | 'pairs' | 'capacity'>> {
  const paymentsSettings = readPaymentsSettings(config);
  // In production a restaurant that cannot take money online does not offer it (a warning, not a failure).
  const onlinePay = onlinePayGate(paymentsSettings, config.env.NODE_ENV === 'production', app.log);
  const catalog = new CatalogStore(db, app.log, now, onlinePay);
  await catalog.load();
  app.decorate('catalog', catalog);
  const availability = new AvailabilityStore(db, app.log, now);
  await availability.load();
  app.decorate('availability', availability);
  app.addHook('onClose', async () => availability.stopPolling());
  const pairs = new PositionPairsStore(db, app.log, now);
  await pairs.load();
  app.decorate('pairs', pairs);
  app.addHook('onClose', async () => pairs.stopPolling());
  const capacity = new CapacityStore(db, app.log, now, config.brand.whiteLabel);
  await capacity.load();
  app.decorate('capacity', capacity);
  app.addHook('onClose', async () => capacity.stopPolling());

  const payments: PaymentsContext = {
    db,
    whiteLabel: config.brand.whiteLabel,
    limits,
    gateways: paymentGateways ?? buildPaymentGateways(paymentsSettings, db, app.log, now),
    settings: paymentsSettings,
    log: app.log,
    now,
    brandLocale: config.brand.locales[0] ?? 'ru',
    catalog: () => catalog.snapshot,
  };
  app.decorate('payments', payments);
  const stopSweeper = startSweeper(payments, paymentsSettings.sweepMs);
  app.addHook('onClose', async () => stopSweeper());
  return { catalog, availability, payments, pairs, capacity };
}
