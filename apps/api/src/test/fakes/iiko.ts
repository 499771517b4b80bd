import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import sharp from 'sharp';
import { json } from './fake-server.ts';

/** The API login the fake knows unless started with others. */
export const FAKE_IIKO_API_LOGIN = 'fake-iiko-api-login';

/** The demo organization the fake is seeded with: fixed ids, so another process (e2e, chaos) can name them. */
export const FAKE_IIKO_DEMO = {
  organizationId: '7b1c1f2e-0000-4000-8000-000000000001',
  organizationName: 'Нори-Нори (iiko)',
  terminalGroupId: '7b1c1f2e-0000-4000-8000-000000000011',
  terminalGroupName: 'Кухня на Ленина',
  /** A group the login was not granted: listed only with includeDisabled. */
  disabledTerminalGroupId: '7b1c1f2e-0000-4000-8000-000000000012',
  paymentTypes: {
    cash: '7b1c1f2e-0000-4000-8000-000000000021',
    card: '7b1c1f2e-0000-4000-8000-000000000022',
    external: '7b1c1f2e-0000-4000-8000-000000000023',
  },
  groups: {
    rolls: '7b1c1f2e-0000-4000-8000-000000000031',
    drinks: '7b1c1f2e-0000-4000-8000-000000000032',
  },
  /** The group modifier (isGroupModifier) of the rolls' sauces. */
  sauceGroupId: '7b1c1f2e-0000-4000-8000-000000000033',
  sizes: {
    small: '7b1c1f2e-0000-4000-8000-000000000041',
    large: '7b1c1f2e-0000-4000-8000-000000000042',
  },
  products: {
    /** A dish in two sizes (sizePrices), with the sauce group modifier. */
    philadelphia: '7b1c1f2e-0000-4000-8000-000000000051',
    /** A dish of one size with a simple modifier (ginger). */
    california: '7b1c1f2e-0000-4000-8000-000000000052',
    /** A good (type Good). */
    cola: '7b1c1f2e-0000-4000-8000-000000000053',
    /** Modifiers: the sauces of the group modifier, and the ginger. */
    soySauce: '7b1c1f2e-0000-4000-8000-000000000061',
    spicySauce: '7b1c1f2e-0000-4000-8000-000000000062',
    ginger: '7b1c1f2e-0000-4000-8000-000000000063',
    /** A service (delivery): never a dish. */
    deliveryService: '7b1c1f2e-0000-4000-8000-000000000071',
  },
  /** iiko's cancel causes: 'Отказ гостя', and the cashier's error listed first; 'Отменён на сайте' deleted. */
  cancelCauseId: '7b1c1f2e-0000-4000-8000-000000000081',
  cashierErrorCauseId: '7b1c1f2e-0000-4000-8000-000000000084',
  deletedCauseId: '7b1c1f2e-0000-4000-8000-000000000085',
  zone: 'Центр',
} as const;

/** The fake's operations, named by their path under /api/1/. */
export type FakeIikoOperation =
  | 'access_token'
  | 'organizations'
  | 'terminal_groups'
  | 'payment_types'
  | 'nomenclature'
  | 'stop_lists'
  | 'stop_lists/add'
  | 'stop_lists/remove'
  | 'delivery_restrictions'
  | 'deliveries/create'
  | 'commands/status'
  | 'deliveries/cancel'
  | 'cancel_causes'
  | 'deliveries/by_id'
  | 'deliveries/by_revision'
  | 'webhooks/update_settings'
  | 'webhooks/settings';

/**
 * '500-before': nothing done, 500. '500-after': done, yet 500 (the caller does not know it worked).
 * 'timeout': the request is held (timeoutHoldMs), then its connection dropped, nothing done.
 * '401': the token is refused once, as when iiko drops a token before its hour.
 */
export type FakeIikoFault = '500-before' | '500-after' | 'timeout' | '401';

type Json = Record<string, unknown>;

export interface FakeIikoGroup {
  id: string;
  name: string;
  parentGroup: string | null;
  order: number;
  isIncludedInMenu: boolean;
  isGroupModifier: boolean;
  isDeleted: boolean;
  imageLinks: string[];
  code?: string | null;
  description?: string | null;
}

export interface FakeIikoSizePrice {
  sizeId: string | null;
  price: {
    currentPrice: number;
    isIncludedInMenu: boolean;
    nextPrice: number | null;
    nextIncludedInMenu: boolean;
    nextDatePrice: string | null;
  };
}

export interface FakeIikoProduct {
  id: string;
  code: string | null;
  name: string;
  description: string | null;
  /** As iiko spells it: 'Dish', 'Good', 'Modifier', 'Service' (the service also answers lower case). */
  type: string;
  parentGroup: string | null;
  groupId: string | null;
  order: number;
  isDeleted: boolean;
  measureUnit: string;
  /** iiko's weight of one portion, in kilograms. */
  weight: number | null;
  fatAmount: number | null;
  proteinsAmount: number | null;
  carbohydratesAmount: number | null;
  energyAmount: number | null;
  fatFullAmount: number | null;
  proteinsFullAmount: number | null;
  carbohydratesFullAmount: number | null;
  energyFullAmount: number | null;
  sizePrices: FakeIikoSizePrice[];
  modifiers: Json[];
  groupModifiers: Json[];
  imageLinks: string[];
  splittable: boolean;
  useBalanceForSell: boolean;
  canSetOpenPrice: boolean;
  orderItemType: 'Product' | 'Compound';
  doNotPrintInCheque: boolean;
  tags: string[];
}

export interface FakeIikoSize {
  id: string;
  name: string;
  priority: number | null;
  isDefault: boolean | null;
}

export interface FakeIikoNomenclature {
  groups: FakeIikoGroup[];
  products: FakeIikoProduct[];
  sizes: FakeIikoSize[];
  revision: number;
}

export interface FakeIikoTerminalGroup {
  id: string;
  organizationId: string;
  name: string;
  address: string | null;
  timeZone: string;
  /** False: the login was not granted it; listed only with includeDisabled. */
  enabled: boolean;
  /** Listed in terminalGroupsInSleep instead of terminalGroups. */
  asleep: boolean;
  /** A dead terminal never takes an order: its creation fails after the transport timeout. */
  alive: boolean;
}

export interface FakeIikoStopListItem {
  productId: string;
  sizeId?: string | null;
  balance: number;
}

/** One order the fake holds, with the create body as sent. */
export interface FakeIikoDelivery {
  id: string;
  organizationId: string;
  terminalGroupId: string;
  correlationId: string;
  creationStatus: 'InProgress' | 'Success' | 'Error';
  errorInfo: { code: string; message: string; description: string | null } | null;
  status: string;
  cancelInfo: { whenCancelled: string; cause: { id: string; name: string }; comment: string | null } | null;
  number: number;
  revision: number;
  /** How many deliveries/create calls named this id. */
  creates: number;
  /** The deliveries/create body of the attempt that made it. */
  body: Json;
}

/** One deliveries/cancel call as the fake took it: what it named and what it answered. */
export interface FakeIikoCancellation {
  orderId: string;
  cancelCauseId: string | null;
  /** 'cancelled' (done now), 'already' (it was Cancelled: nothing changed), 'refused' (closed, delivered). */
  outcome: 'cancelled' | 'already' | 'refused' | 'not-found';
}

export interface FakeIikoWebhookDelivery {
  eventType: string;
  organizationId: string;
  /** The receiver's HTTP status, or null when it could not be reached. */
  status: number | null;
}

export interface FakeIikoOptions {
  apiLogins?: string[];
  /** 0 (the default) picks a free port. */
  port?: number;
  /** The demo organization (FAKE_IIKO_DEMO) and its menu; true by default. */
  seed?: boolean;
  /** How long a token lives (iiko: an hour). */
  tokenTtlMs?: number;
  /**
   * How long a creation stays InProgress before it succeeds (a status read makes it succeed at once, as a
   * terminal that took it meanwhile would). Null: only a read does. 100 ms by default.
   */
  creationDelayMs?: number | null;
  /**
   * How long an order to a dead terminal stays InProgress before it fails: iiko's transportToFrontTimeout (8 s).
   * Tests set it short; default: the request's transportToFrontTimeout in seconds, else 8 s.
   */
  transportTimeoutMs?: number;
  /** How long a 'timeout' fault holds a request before dropping it: longer than the client's timeout. */
  timeoutHoldMs?: number;
  /** The login may change stop-lists (iiko's extra rights); true by default. */
  stopListRights?: boolean;
  /**
   * What an order id already made answers when sent again: the order as it is ('existing', the default), or
   * iiko's refusal, 400 DuplicatedOrderId ('400'); our side must take either as "it is made".
   */
  duplicateOrderId?: 'existing' | '400';
  /** Wait before each webhook call is sent. */
  webhookDelayMs?: number;
  /** Send each webhook call this many times (iiko may deliver one more than once). */
  duplicate?: number;
  /** Hold webhook calls until flushWebhooks(), which sends them newest first. */
  reorder?: boolean;
  /** Random faults (the chaos harness): per operation, the chance of each fault. None unless set. */
  faultRates?: Partial<Record<FakeIikoOperation, Partial<Record<FakeIikoFault, number>>>>;
  /** A random extra wait, up to this, before each webhook copy: copies arrive late and in any order. */
  webhookJitterMs?: number;
  /** The chance that a webhook call is sent once more than `duplicate` says. */
  duplicateRate?: number;
  /** The source of the random choices above; Math.random by default. */
  random?: () => number;
  /** The fake's clock (token expiry, timestamps); Date.now by default. */
  now?: () => number;
}

interface Organization {
  id: string;
  name: string;
  terminalGroups: FakeIikoTerminalGroup[];
  paymentTypes: Json[];
  nomenclature: FakeIikoNomenclature;
  /** terminalGroupId → items. */
  stopLists: Map<string, FakeIikoStopListItem[]>;
  restrictions: Json;
  webhook: { webHooksUri: string; authToken: string | null; webHooksFilter: Json | null } | null;
}

const DELIVERY_STATUSES = [
  'Unconfirmed',
  'WaitCooking',
  'ReadyForCooking',
  'CookingStarted',
  'CookingCompleted',
  'Waiting',
  'OnWay',
  'Delivered',
  'Closed',
  'Cancelled',
] as const;
export type FakeIikoDeliveryStatus = (typeof DELIVERY_STATUSES)[number];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const OPERATIONS = new Set<string>([
  'access_token',
  'organizations',
  'terminal_groups',
  'payment_types',
  'nomenclature',
  'stop_lists',
  'stop_lists/add',
  'stop_lists/remove',
  'delivery_restrictions',
  'deliveries/create',
  'commands/status',
  'deliveries/cancel',
  'cancel_causes',
  'deliveries/by_id',
  'deliveries/by_revision',
  'webhooks/update_settings',
  'webhooks/settings',
]);

/** iiko writes its local times as 'yyyy-MM-dd HH:mm:ss.fff'; the fake writes UTC+3 (its terminals are in Moscow). */
function iikoTime(ms: number): string {
  return new Date(ms + 3 * 3_600_000).toISOString().replace('T', ' ').replace('Z', '');
}

const price = (currentPrice: number, isIncludedInMenu = true): FakeIikoSizePrice['price'] => ({
  currentPrice,
  isIncludedInMenu,
  nextPrice: null,
  nextIncludedInMenu: false,
  nextDatePrice: null,
});

/** A product with iiko's defaults; only what a test cares about needs saying. */
export function fakeIikoProduct(fields: Partial<FakeIikoProduct> & { name: string }): FakeIikoProduct {
  return {
    id: randomUUID(),
    code: null,
    description: null,
    type: 'Dish',
    parentGroup: null,
    groupId: null,
    order: 0,
    isDeleted: false,
    measureUnit: 'порц',
    weight: null,
    fatAmount: null,
    proteinsAmount: null,
    carbohydratesAmount: null,
    energyAmount: null,
    fatFullAmount: null,
    proteinsFullAmount: null,
    carbohydratesFullAmount: null,
    energyFullAmount: null,
    sizePrices: [{ sizeId: null, price: price(0) }],
    modifiers: [],
    groupModifiers: [],
    imageLinks: [],
    splittable: false,
    useBalanceForSell: false,
    canSetOpenPrice: false,
    orderItemType: 'Product',
    doNotPrintInCheque: false,
    tags: [],
    ...fields,
  };
}

/** A size price in roubles, as iiko writes it. */
export function fakeIikoPrice(sizeId: string | null, roubles: number, inMenu = true): FakeIikoSizePrice {
  return { sizeId, price: price(roubles, inMenu) };
}

export function fakeIikoGroup(fields: Partial<FakeIikoGroup> & { name: string }): FakeIikoGroup {
  return {
    id: randomUUID(),
    parentGroup: null,
    order: 0,
    isIncludedInMenu: true,
    isGroupModifier: false,
    isDeleted: false,
    imageLinks: [],
    code: null,
    description: null,
    ...fields,
  };
}

/** The demo menu; its pictures are served by the fake itself (`base`/images/…), so nothing leaves the machine. */
function demoNomenclature(base: string): FakeIikoNomenclature {
  const d = FAKE_IIKO_DEMO;
  return {
    revision: 1,
    sizes: [
      { id: d.sizes.small, name: '6 шт', priority: 0, isDefault: true },
      { id: d.sizes.large, name: '10 шт', priority: 1, isDefault: false },
    ],
    groups: [
      fakeIikoGroup({
        id: d.groups.rolls,
        name: 'Роллы',
        order: 1,
        imageLinks: [`${base}/images/rolls.png`],
      }),
      fakeIikoGroup({ id: d.groups.drinks, name: 'Напитки', order: 2 }),
      fakeIikoGroup({ id: d.sauceGroupId, name: 'Соусы', isGroupModifier: true, isIncludedInMenu: false }),
    ],
    products: [
      fakeIikoProduct({
        id: d.products.philadelphia,
        code: '0001',
        name: 'Филадельфия',
        description: 'Лосось, сливочный сыр, огурец',
        parentGroup: d.groups.rolls,
        order: 1,
        weight: 0.25,
        fatAmount: 9.1,
        proteinsAmount: 8.4,
        carbohydratesAmount: 20.2,
        energyAmount: 196.5,
        sizePrices: [fakeIikoPrice(d.sizes.small, 450), fakeIikoPrice(d.sizes.large, 690.5)],
        groupModifiers: [
          {
            id: d.sauceGroupId,
            minAmount: 0,
            maxAmount: 2,
            required: false,
            childModifiersHaveMinMaxRestrictions: true,
            childModifiers: [
              { id: d.products.soySauce, defaultAmount: 1, minAmount: 0, maxAmount: 1, required: false },
              { id: d.products.spicySauce, defaultAmount: 0, minAmount: 0, maxAmount: 2, required: false },
            ],
          },
        ],
        imageLinks: [`${base}/images/philadelphia.png`],
      }),
      fakeIikoProduct({
        id: d.products.california,
        code: '0002',
        name: 'Калифорния',
        description: 'Краб, авокадо, икра масаго',
        parentGroup: d.groups.rolls,
        order: 2,
        weight: 0.22,
        sizePrices: [fakeIikoPrice(null, 390)],
        modifiers: [{ id: d.products.ginger, defaultAmount: 0, minAmount: 0, maxAmount: 3, required: false }],
      }),
      fakeIikoProduct({
        id: d.products.cola,
        code: '0003',
        name: 'Кола 0,5',
        type: 'Good',
        parentGroup: d.groups.drinks,
        order: 1,
        measureUnit: 'шт',
        weight: 0.5,
        sizePrices: [fakeIikoPrice(null, 120)],
      }),
      fakeIikoProduct({
        id: d.products.soySauce,
        name: 'Соевый соус',
        type: 'Modifier',
        parentGroup: d.sauceGroupId,
        sizePrices: [fakeIikoPrice(null, 0)],
      }),
      fakeIikoProduct({
        id: d.products.spicySauce,
        name: 'Спайси соус',
        type: 'Modifier',
        parentGroup: d.sauceGroupId,
        sizePrices: [fakeIikoPrice(null, 45)],
      }),
      fakeIikoProduct({
        id: d.products.ginger,
        name: 'Имбирь',
        type: 'Modifier',
        sizePrices: [fakeIikoPrice(null, 30)],
      }),
      fakeIikoProduct({
        id: d.products.deliveryService,
        name: 'Доставка',
        type: 'Service',
        sizePrices: [fakeIikoPrice(null, 150)],
      }),
    ],
  };
}

function paymentType(id: string, name: string, kind: string): Json {
  return {
    id,
    code: kind.toUpperCase().slice(0, 4),
    name,
    comment: null,
    combinable: true,
    externalRevision: null,
    applicableMarketingCampaigns: [],
    isDeleted: false,
    printCheque: kind !== 'External',
    paymentProcessingType: kind === 'External' ? 'External' : 'Both',
    paymentTypeKind: kind,
    terminalGroups: [],
  };
}

function demoRestrictions(organizationId: string, terminalGroupId: string): Json {
  return {
    organizationId,
    deliveryGeocodeServiceType: 1,
    deliveryRegionsMapUrl: null,
    defaultDeliveryDurationInMinutes: 60,
    defaultSelfServiceDurationInMinutes: 20,
    useSameDeliveryDuration: false,
    useSameMinSum: false,
    defaultMinSum: null,
    useSameWorkTimeInterval: false,
    defaultFrom: null,
    defaultTo: null,
    useSameRestrictionsOnAllWeek: true,
    restrictions: [
      {
        minSum: 800,
        terminalGroupId,
        organizationId,
        zone: FAKE_IIKO_DEMO.zone,
        weekMap: 127,
        from: 600,
        to: 1380,
        priority: 0,
        deliveryDurationInMinutes: 50,
        deliveryServiceProductId: FAKE_IIKO_DEMO.products.deliveryService,
      },
    ],
    deliveryZones: [
      {
        name: FAKE_IIKO_DEMO.zone,
        coordinates: [
          { latitude: 55.75, longitude: 37.6 },
          { latitude: 55.76, longitude: 37.6 },
          { latitude: 55.76, longitude: 37.62 },
          { latitude: 55.75, longitude: 37.62 },
        ],
        addresses: [],
      },
    ],
    rejectOnGeocodingError: false,
    addDeliveryServiceCost: false,
    useSameDeliveryServiceProduct: true,
    defaultDeliveryServiceProductId: FAKE_IIKO_DEMO.products.deliveryService,
    useExternalAssignationService: false,
    frontTrustsCallCenterCheck: false,
    externalAssignationServiceUrl: null,
    requireExactAddressForGeocoding: false,
    zonesMode: 0,
    autoAssignExternalDeliveries: false,
    actionOnValidationRejection: 1,
  };
}

/**
 * A fake iiko Cloud API on 127.0.0.1 (INTEGRATIONS.md 'iiko Cloud API'): tokens per API login that expire,
 * discovery, the nomenclature by revision, stop-lists, delivery restrictions, asynchronous delivery creation
 * with the terminal's transport timeout, orders by id and by revision, and webhooks sent to the registered
 * address with the registered token. Its quirks are iiko's: "not found" and validation failures are 400
 * `{errorDescription, error}`, terminal groups the login was not granted are missing unless includeDisabled,
 * an order id sent twice makes one order. Faults and webhook disorder on demand.
 */
export async function startFakeIiko(options: FakeIikoOptions = {}) {
  const now = options.now ?? Date.now;
  const random = options.random ?? Math.random;
  const logins = new Set(options.apiLogins ?? [FAKE_IIKO_API_LOGIN]);
  const tokens = new Map<string, { login: string; expiresAt: number }>();
  const organizations = new Map<string, Organization>();
  const deliveries = new Map<string, FakeIikoDelivery>();
  /** correlationId → the order it created, or a plain command's outcome. */
  const commands = new Map<
    string,
    { organizationId: string; orderId: string | null; error: { code: string; message: string } | null }
  >();
  const faults = new Map<FakeIikoOperation, FakeIikoFault[]>();
  const requests: { path: string; authorization: string | undefined; body: string }[] = [];
  const webhookDeliveries: FakeIikoWebhookDelivery[] = [];
  const cancellations: FakeIikoCancellation[] = [];
  const held: { uri: string; authToken: string | null; body: string }[] = [];
  const inFlight = new Set<Promise<void>>();
  const timers = new Set<NodeJS.Timeout>();
  let orderRevision = 0;
  let orderNumber = 0;
  let tokensIssued = 0;
  let base = '';
  const pictures = new Map<string, Buffer>();
  let creationDelayMs = options.creationDelayMs === undefined ? 100 : options.creationDelayMs;
  let stopListRights = options.stopListRights ?? true;

  function later(ms: number, run: () => void) {
    const timer = setTimeout(() => {
      timers.delete(timer);
      run();
    }, ms);
    timers.add(timer);
  }
  const sleep = (ms: number) => new Promise<void>((resolve) => later(ms, resolve));

  function fail(
    response: ServerResponse,
    status: number,
    errorDescription: string,
    error: string | null = null,
  ) {
    json(response, status, { correlationId: randomUUID(), errorDescription, error });
  }

  // ---- organizations ----

  function addOrganization(fields: { id?: string; name: string }): Organization {
    const organization: Organization = {
      id: fields.id ?? randomUUID(),
      name: fields.name,
      terminalGroups: [],
      paymentTypes: [],
      nomenclature: { groups: [], products: [], sizes: [], revision: 1 },
      stopLists: new Map(),
      restrictions: {},
      webhook: null,
    };
    organization.restrictions = {
      ...demoRestrictions(organization.id, ''),
      restrictions: [],
      deliveryZones: [],
    };
    organizations.set(organization.id, organization);
    return organization;
  }

  function organization(id: string): Organization {
    const found = organizations.get(id);
    if (!found) throw new Error(`the fake iiko has no organization ${id}`);
    return found;
  }

  function addTerminalGroup(
    organizationId: string,
    fields: Partial<Omit<FakeIikoTerminalGroup, 'organizationId'>> & { name: string },
  ): FakeIikoTerminalGroup {
    const group: FakeIikoTerminalGroup = {
      id: randomUUID(),
      address: null,
      timeZone: 'Russian Standard Time',
      enabled: true,
      asleep: false,
      alive: true,
      ...fields,
      organizationId,
    };
    organization(organizationId).terminalGroups.push(group);
    return group;
  }

  function terminalGroup(id: string): FakeIikoTerminalGroup | undefined {
    for (const org of organizations.values()) {
      const found = org.terminalGroups.find((group) => group.id === id);
      if (found) return found;
    }
    return undefined;
  }

  function seedDemo() {
    const d = FAKE_IIKO_DEMO;
    if (organizations.has(d.organizationId)) organizations.delete(d.organizationId);
    const org = addOrganization({ id: d.organizationId, name: d.organizationName });
    addTerminalGroup(org.id, {
      id: d.terminalGroupId,
      name: d.terminalGroupName,
      address: 'ул. Ленина, 1',
    });
    addTerminalGroup(org.id, { id: d.disabledTerminalGroupId, name: 'Кухня на Мира', enabled: false });
    org.paymentTypes = [
      paymentType(d.paymentTypes.cash, 'Наличные', 'Cash'),
      paymentType(d.paymentTypes.card, 'Банковская карта', 'Card'),
      paymentType(d.paymentTypes.external, 'Оплата на сайте', 'External'),
    ];
    org.nomenclature = demoNomenclature(base);
    org.restrictions = demoRestrictions(org.id, d.terminalGroupId);
  }

  // ---- faults ----

  function drawFault(operation: FakeIikoOperation) {
    const rates = options.faultRates?.[operation];
    if (!rates || (faults.get(operation)?.length ?? 0) > 0) return;
    let roll = random();
    for (const [fault, rate] of Object.entries(rates) as [FakeIikoFault, number][]) {
      if (roll < rate) {
        faults.set(operation, [fault]);
        return;
      }
      roll -= rate;
    }
  }

  /** Applies the next fault queued for an operation; true when the request has been answered. */
  function faultBefore(operation: FakeIikoOperation, request: IncomingMessage, response: ServerResponse) {
    drawFault(operation);
    const fault = faults.get(operation)?.[0];
    if (!fault || fault === '500-after') return false;
    faults.get(operation)?.shift();
    if (fault === '500-before') fail(response, 500, 'Internal server error', 'InternalServerError');
    if (fault === '401') fail(response, 401, 'Token is expired or invalid');
    if (fault === 'timeout')
      void sleep(options.timeoutHoldMs ?? 1000).then(() => {
        request.socket.destroy();
      });
    return true;
  }

  function faultAfter(operation: FakeIikoOperation) {
    if (faults.get(operation)?.[0] !== '500-after') return false;
    faults.get(operation)?.shift();
    return true;
  }

  // ---- webhooks ----

  async function post(uri: string, authToken: string | null, body: string): Promise<number | null> {
    try {
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (authToken) headers.authorization = authToken;
      const answer = await fetch(uri, { method: 'POST', headers, body, signal: AbortSignal.timeout(5000) });
      await answer.arrayBuffer();
      return answer.status;
    } catch {
      return null;
    }
  }

  function send(uri: string, authToken: string | null, body: string) {
    const copies =
      Math.max(1, options.duplicate ?? 1) +
      (options.duplicateRate && random() < options.duplicateRate ? 1 : 0);
    const [event] = JSON.parse(body) as { eventType: string; organizationId: string }[];
    for (let copy = 0; copy < copies; copy++) {
      const wait =
        (options.webhookDelayMs ?? 0) +
        (options.webhookJitterMs ? Math.floor(random() * options.webhookJitterMs) : 0);
      const delivery = (async () => {
        if (wait) await sleep(wait);
        const status = await post(uri, authToken, body);
        webhookDeliveries.push({
          eventType: event?.eventType ?? '',
          organizationId: event?.organizationId ?? '',
          status,
        });
      })();
      inFlight.add(delivery);
      void delivery.finally(() => inFlight.delete(delivery));
    }
  }

  /** Whether the organization's registered filter lets this event through (no filter: everything). */
  function wanted(filter: Json | null, eventType: string, orderStatus?: string): boolean {
    if (!filter) return true;
    const short = (key: string) =>
      (filter[key] as { updates?: boolean } | null | undefined)?.updates === true;
    if (eventType === 'StopListUpdate') return short('stopListUpdateFilter');
    if (eventType === 'NomenclatureUpdate') return short('nomenclatureUpdateFilter');
    const orders = filter.deliveryOrderFilter as { orderStatuses?: string[] | null; errors?: boolean } | null;
    if (!orders) return false;
    if (eventType === 'DeliveryOrderError') return orders.errors === true;
    return !orders.orderStatuses || (orderStatus !== undefined && orders.orderStatuses.includes(orderStatus));
  }

  function notify(organizationId: string, eventType: string, eventInfo: unknown, orderStatus?: string) {
    const hook = organizations.get(organizationId)?.webhook;
    if (!hook || !wanted(hook.webHooksFilter, eventType, orderStatus)) return;
    const body = JSON.stringify([
      { eventType, eventTime: iikoTime(now()), organizationId, correlationId: randomUUID(), eventInfo },
    ]);
    if (options.reorder) held.push({ uri: hook.webHooksUri, authToken: hook.authToken, body });
    else send(hook.webHooksUri, hook.authToken, body);
  }

  function nomenclatureChanged(organizationId: string) {
    const org = organization(organizationId);
    org.nomenclature.revision += 1;
    notify(organizationId, 'NomenclatureUpdate', { revision: org.nomenclature.revision });
  }

  function stopListChanged(organizationId: string, terminalGroupId: string) {
    notify(organizationId, 'StopListUpdate', {
      terminalGroupsStopListsUpdates: [{ id: terminalGroupId, isFull: false }],
    });
  }

  // ---- deliveries ----

  function orderInfo(delivery: FakeIikoDelivery): Json {
    const body = delivery.body.order as Json;
    const items = (body.items as Json[] | undefined) ?? [];
    const sum = items.reduce((total, item) => {
      const modifiers = ((item.modifiers as Json[] | undefined) ?? []).reduce(
        (part, modifier) => part + Number(modifier.price ?? 0) * Number(modifier.amount ?? 0),
        0,
      );
      return total + (Number(item.price ?? 0) + modifiers) * Number(item.amount ?? 0);
    }, 0);
    return {
      id: delivery.id,
      posId: delivery.creationStatus === 'Success' ? delivery.id : null,
      externalNumber: (body.externalNumber as string | undefined) ?? null,
      organizationId: delivery.organizationId,
      timestamp: delivery.revision,
      creationStatus: delivery.creationStatus,
      errorInfo: delivery.errorInfo
        ? { ...delivery.errorInfo, additionalData: null, errorReason: null }
        : null,
      order:
        delivery.creationStatus === 'Success'
          ? {
              parentDeliveryId: null,
              customer: body.customer ?? null,
              phone: body.phone,
              deliveryPoint: body.deliveryPoint ?? null,
              status: delivery.status,
              cancelInfo: delivery.cancelInfo,
              courierInfo: null,
              completeBefore: (body.completeBefore as string | null) ?? iikoTime(now() + 3_600_000),
              whenCreated: iikoTime(now()),
              comment: body.comment ?? null,
              problem: null,
              cookingStartTime: iikoTime(now()),
              isDeleted: false,
              sum: Math.round(sum * 100) / 100,
              number: delivery.number,
              sourceKey: null,
              guestsInfo: {
                count: (body.guests as Json | undefined)?.count ?? 1,
                splitBetweenPersons: false,
              },
              items: items.map((item) => ({ ...item, status: 'Added' })),
              payments: body.payments ?? [],
              orderType: null,
              terminalGroupId: delivery.terminalGroupId,
              processedPaymentsSum: 0,
              isAsap: body.completeBefore == null,
            }
          : null,
    };
  }

  function bump(delivery: FakeIikoDelivery) {
    orderRevision += 1;
    delivery.revision = orderRevision;
  }

  function succeed(delivery: FakeIikoDelivery) {
    if (delivery.creationStatus !== 'InProgress') return;
    delivery.creationStatus = 'Success';
    delivery.status = 'Unconfirmed';
    orderNumber += 1;
    delivery.number = orderNumber;
    bump(delivery);
    notify(delivery.organizationId, 'DeliveryOrderUpdate', orderInfo(delivery), delivery.status);
  }

  function failCreation(delivery: FakeIikoDelivery, code: string, message: string) {
    if (delivery.creationStatus !== 'InProgress') return;
    delivery.creationStatus = 'Error';
    delivery.errorInfo = { code, message, description: message };
    const command = commands.get(delivery.correlationId);
    if (command) command.error = { code, message };
    bump(delivery);
    notify(delivery.organizationId, 'DeliveryOrderError', orderInfo(delivery));
  }

  /** What a creation can fail on once it reaches the terminal: unknown products, the stop-list. */
  function problemOf(org: Organization, terminalGroupId: string, body: Json): [string, string] | null {
    const order = body.order as Json;
    const settings = (body.createOrderSettings as Json | null | undefined) ?? {};
    const products = new Map(org.nomenclature.products.map((product) => [product.id, product]));
    const stopped = org.stopLists.get(terminalGroupId) ?? [];
    for (const item of (order.items as Json[]) ?? []) {
      const product = products.get(String(item.productId));
      if (!product || product.isDeleted)
        return ['ProductNotFound', `Product ${String(item.productId)} not found`];
      for (const modifier of (item.modifiers as Json[] | undefined) ?? [])
        if (!products.has(String(modifier.productId)))
          return ['ProductNotFound', `Modifier ${String(modifier.productId)} not found`];
      if (
        settings.checkStopList === true &&
        stopped.some(
          (entry) =>
            entry.productId === product.id &&
            (entry.sizeId ?? null) === ((item.productSizeId as string | null | undefined) ?? null) &&
            entry.balance <= 0,
        )
      )
        return ['Common', `Product ${product.name} is in the stop list`];
    }
    return null;
  }

  function create(org: Organization, body: Json, response: ServerResponse): FakeIikoDelivery | null {
    const order = body.order as Json | undefined;
    const terminalGroupId = body.terminalGroupId;
    if (!order || typeof order !== 'object') {
      fail(response, 400, 'Order is required', 'Incorrect');
      return null;
    }
    if (
      typeof terminalGroupId !== 'string' ||
      !org.terminalGroups.some((group) => group.id === terminalGroupId)
    ) {
      fail(
        response,
        400,
        `Terminal group ${String(terminalGroupId)} not found`,
        'TerminalGroupIdNotDetermined',
      );
      return null;
    }
    const group = terminalGroup(terminalGroupId) as FakeIikoTerminalGroup;
    if (!group.enabled) {
      fail(response, 400, `Terminal group ${terminalGroupId} is disabled`, 'TerminalGroupDisabled');
      return null;
    }
    if (typeof order.phone !== 'string' || !/^\+\d{8,}$/.test(order.phone)) {
      fail(response, 400, 'Phone must begin with "+" and have at least 8 digits', 'InvalidPhone');
      return null;
    }
    if (order.orderServiceType !== 'DeliveryByCourier' && order.orderServiceType !== 'DeliveryByClient') {
      fail(response, 400, 'Order service type is not set', 'IncorrectOrderType');
      return null;
    }
    if (!Array.isArray(order.items) || order.items.length === 0) {
      fail(response, 400, 'Order has no items', 'OrderItemsNotExists');
      return null;
    }
    const id = typeof order.id === 'string' && UUID.test(order.id) ? order.id : randomUUID();
    const existing = deliveries.get(id);
    // The same id again: the order already made is the answer; one that failed is tried again.
    if (existing && existing.creationStatus !== 'Error') {
      existing.creates += 1;
      if (options.duplicateOrderId === '400') {
        fail(response, 400, `Order with id ${id} already exists`, 'DuplicatedOrderId');
        return null;
      }
      return existing;
    }
    const correlationId = randomUUID();
    const delivery: FakeIikoDelivery = {
      id,
      organizationId: org.id,
      terminalGroupId,
      correlationId,
      creationStatus: 'InProgress',
      errorInfo: null,
      status: 'Unconfirmed',
      cancelInfo: null,
      number: 0,
      revision: 0,
      creates: (existing?.creates ?? 0) + 1,
      body,
    };
    bump(delivery);
    deliveries.set(id, delivery);
    commands.set(correlationId, { organizationId: org.id, orderId: id, error: null });
    const problem = problemOf(org, terminalGroupId, body);
    if (problem) {
      later(0, () => failCreation(delivery, problem[0], problem[1]));
      return delivery;
    }
    if (!group.alive) {
      const seconds =
        Number((body.createOrderSettings as Json | undefined)?.transportToFrontTimeout ?? 8) || 8;
      later(options.transportTimeoutMs ?? seconds * 1000, () =>
        failCreation(
          delivery,
          'Common',
          `Transport timeout: the order was not delivered to iikoFront of terminal group ${terminalGroupId} within ${seconds} s`,
        ),
      );
      return delivery;
    }
    if (creationDelayMs !== null) later(creationDelayMs, () => succeed(delivery));
    return delivery;
  }

  /** A read finds an order a live terminal has taken meanwhile. */
  function settle(delivery: FakeIikoDelivery) {
    if (delivery.creationStatus === 'InProgress' && terminalGroup(delivery.terminalGroupId)?.alive)
      if (!problemOf(organization(delivery.organizationId), delivery.terminalGroupId, delivery.body))
        succeed(delivery);
  }

  const CANCEL_CAUSES = [
    { id: FAKE_IIKO_DEMO.cashierErrorCauseId, name: 'Ошибка кассира', isDeleted: false },
    { id: FAKE_IIKO_DEMO.cancelCauseId, name: 'Отказ гостя', isDeleted: false },
    { id: FAKE_IIKO_DEMO.deletedCauseId, name: 'Отменён на сайте', isDeleted: true },
  ];

  /**
   * deliveries/cancel: an order already Cancelled is left as it is (harmless); one Delivered or Closed is
   * refused with a 400, as iikoFront refuses to cancel a closed order; otherwise it is Cancelled with the
   * cause now and DeliveryOrderUpdate is sent. Answers the command's correlation id (commands/status: Success).
   */
  function cancel(org: Organization, body: Json, response: ServerResponse): string | null {
    const orderId = typeof body.orderId === 'string' ? body.orderId : '';
    const causeId = typeof body.cancelCauseId === 'string' ? body.cancelCauseId : null;
    const made = deliveries.get(orderId);
    if (made?.organizationId === org.id) settle(made);
    if (!made || made.organizationId !== org.id || made.creationStatus !== 'Success') {
      cancellations.push({ orderId, cancelCauseId: causeId, outcome: 'not-found' });
      fail(response, 400, `Order ${orderId} not found`, 'OrderNotFound');
      return null;
    }
    const cause = causeId === null ? null : CANCEL_CAUSES.find((c) => c.id === causeId);
    if (cause === undefined) {
      fail(response, 400, `Cancel cause ${String(causeId)} not found`, 'Common');
      return null;
    }
    if (made.status === 'Delivered' || made.status === 'Closed') {
      cancellations.push({ orderId, cancelCauseId: causeId, outcome: 'refused' });
      fail(
        response,
        400,
        `Order ${orderId} is ${made.status.toLowerCase()} and cannot be cancelled`,
        'Common',
      );
      return null;
    }
    const correlationId = randomUUID();
    commands.set(correlationId, { organizationId: org.id, orderId: null, error: null });
    if (made.status === 'Cancelled') {
      cancellations.push({ orderId, cancelCauseId: causeId, outcome: 'already' });
      return correlationId;
    }
    cancellations.push({ orderId, cancelCauseId: causeId, outcome: 'cancelled' });
    made.status = 'Cancelled';
    made.cancelInfo = {
      whenCancelled: iikoTime(now()),
      cause: cause ? { id: cause.id, name: cause.name } : { id: '', name: '' },
      comment: null,
    };
    bump(made);
    notify(made.organizationId, 'DeliveryOrderUpdate', orderInfo(made), 'Cancelled');
    return correlationId;
  }

  function delivery(id: string): FakeIikoDelivery {
    const found = deliveries.get(id);
    if (!found) throw new Error(`the fake iiko has no order ${id}`);
    return found;
  }

  // ---- HTTP ----

  function authorized(request: IncomingMessage): boolean {
    const match = /^Bearer (.+)$/.exec(request.headers.authorization ?? '');
    const token = match?.[1] ? tokens.get(match[1]) : undefined;
    if (!token) return false;
    if (token.expiresAt <= now()) {
      tokens.delete(match?.[1] as string);
      return false;
    }
    return logins.has(token.login);
  }

  /** The organization a body names, or a 400 as iiko answers for one it does not know. */
  function orgOf(id: unknown, response: ServerResponse): Organization | null {
    const found = typeof id === 'string' ? organizations.get(id) : undefined;
    if (!found) fail(response, 400, `Organization ${String(id)} not found`, 'OrganizationUnregistered');
    return found ?? null;
  }

  function orgsOf(ids: unknown, response: ServerResponse): Organization[] | null {
    if (!Array.isArray(ids) || ids.length === 0) {
      fail(response, 400, 'organizationIds is required', 'Incorrect');
      return null;
    }
    const found: Organization[] = [];
    for (const id of ids) {
      const org = orgOf(id, response);
      if (!org) return null;
      found.push(org);
    }
    return found;
  }

  function terminalGroupJson(group: FakeIikoTerminalGroup): Json {
    return {
      id: group.id,
      organizationId: group.organizationId,
      name: group.name,
      address: group.address,
      timeZone: group.timeZone,
      externalData: null,
      posVersion: '9.1.5011.0',
    };
  }

  // Answers one API call; `body` is parsed JSON. Returns the answer, or null when already answered.
  function handle(operation: FakeIikoOperation, body: Json, response: ServerResponse): Json | null {
    const correlationId = randomUUID();
    switch (operation) {
      case 'organizations': {
        const ids = Array.isArray(body.organizationIds) ? (body.organizationIds as string[]) : null;
        return {
          correlationId,
          organizations: [...organizations.values()]
            .filter((org) => !ids || ids.includes(org.id))
            .map((org) => ({
              responseType: body.returnAdditionalInfo ? 'Extended' : 'Simple',
              id: org.id,
              name: org.name,
              code: null,
              externalData: null,
            })),
        };
      }
      case 'terminal_groups': {
        const orgs = orgsOf(body.organizationIds, response);
        if (!orgs) return null;
        const visible = (group: FakeIikoTerminalGroup) => group.enabled || body.includeDisabled === true;
        return {
          correlationId,
          terminalGroups: orgs.map((org) => ({
            organizationId: org.id,
            items: org.terminalGroups
              .filter((group) => visible(group) && !group.asleep)
              .map(terminalGroupJson),
          })),
          terminalGroupsInSleep: orgs.map((org) => ({
            organizationId: org.id,
            items: org.terminalGroups
              .filter((group) => visible(group) && group.asleep)
              .map(terminalGroupJson),
          })),
        };
      }
      case 'payment_types': {
        const orgs = orgsOf(body.organizationIds, response);
        if (!orgs) return null;
        return { correlationId, paymentTypes: orgs.flatMap((org) => org.paymentTypes) };
      }
      case 'nomenclature': {
        const org = orgOf(body.organizationId, response);
        if (!org) return null;
        const { revision } = org.nomenclature;
        // The same revision as the caller's: nothing changed, and iiko sends empty lists.
        const same = Number(body.startRevision ?? 0) === revision;
        return {
          correlationId,
          groups: same ? [] : org.nomenclature.groups,
          productCategories: [],
          products: same ? [] : org.nomenclature.products,
          sizes: same ? [] : org.nomenclature.sizes,
          revision,
        };
      }
      case 'stop_lists': {
        const orgs = orgsOf(body.organizationIds, response);
        if (!orgs) return null;
        return {
          correlationId,
          terminalGroupStopLists: orgs.map((org) => ({
            organizationId: org.id,
            items: [...org.stopLists.entries()].map(([terminalGroupId, items]) => ({
              terminalGroupId,
              items: items.map((item) => ({
                balance: item.balance,
                productId: item.productId,
                sizeId: item.sizeId ?? null,
                sku: null,
                dateAdd: iikoTime(now()),
              })),
            })),
          })),
        };
      }
      case 'stop_lists/add':
      case 'stop_lists/remove': {
        if (!stopListRights) {
          fail(response, 403, 'Not enough rights: the API login may not change stop lists');
          return null;
        }
        const org = orgOf(body.organizationId, response);
        if (!org) return null;
        const terminalGroupId = body.terminalGroupId;
        if (
          typeof terminalGroupId !== 'string' ||
          !org.terminalGroups.some((group) => group.id === terminalGroupId)
        ) {
          fail(
            response,
            400,
            `Terminal group ${String(terminalGroupId)} not found`,
            'TerminalGroupIdNotDetermined',
          );
          return null;
        }
        const items = Array.isArray(body.items) ? (body.items as FakeIikoStopListItem[]) : [];
        const same = (a: FakeIikoStopListItem, b: FakeIikoStopListItem) =>
          a.productId === b.productId && (a.sizeId ?? null) === (b.sizeId ?? null);
        let list = (org.stopLists.get(terminalGroupId) ?? []).filter(
          (entry) => !items.some((item) => same(entry, item)),
        );
        if (operation === 'stop_lists/add')
          list = [
            ...list,
            ...items.map((item) => ({
              productId: item.productId,
              sizeId: item.sizeId ?? null,
              balance: Number(item.balance ?? 0),
            })),
          ];
        org.stopLists.set(terminalGroupId, list);
        stopListChanged(org.id, terminalGroupId);
        return { correlationId };
      }
      case 'delivery_restrictions': {
        const orgs = orgsOf(body.organizationIds, response);
        if (!orgs) return null;
        return { correlationId, deliveryRestrictions: orgs.map((org) => org.restrictions) };
      }
      case 'deliveries/create': {
        const org = orgOf(body.organizationId, response);
        if (!org) return null;
        const made = create(org, body, response);
        if (!made) return null;
        return { correlationId: made.correlationId, orderInfo: orderInfo(made) };
      }
      case 'commands/status': {
        const command = typeof body.correlationId === 'string' ? commands.get(body.correlationId) : undefined;
        if (!command || command.organizationId !== body.organizationId) {
          fail(response, 400, `Command ${String(body.correlationId)} not found`, 'Common');
          return null;
        }
        if (!command.orderId) return { state: 'Success' };
        const made = delivery(command.orderId);
        // A later attempt with the same id took its place: this command's own attempt failed, as it did.
        if (made.correlationId !== body.correlationId)
          return {
            state: 'Error',
            exception: { message: command.error?.message ?? 'Error', code: command.error?.code },
            errorReason: command.error?.message ?? null,
          };
        settle(made);
        if (made.creationStatus === 'Error')
          return {
            state: 'Error',
            exception: { message: made.errorInfo?.message ?? 'Error', code: made.errorInfo?.code },
            errorReason: made.errorInfo?.message ?? null,
          };
        return { state: made.creationStatus };
      }
      case 'deliveries/cancel': {
        const org = orgOf(body.organizationId, response);
        if (!org) return null;
        const command = cancel(org, body, response);
        return command ? { correlationId: command } : null;
      }
      case 'cancel_causes': {
        const orgs = orgsOf(body.organizationIds, response);
        if (!orgs) return null;
        return { correlationId, cancelCauses: CANCEL_CAUSES };
      }
      case 'deliveries/by_id': {
        const org = orgOf(body.organizationId, response);
        if (!org) return null;
        if (!Array.isArray(body.orderIds)) {
          fail(response, 400, 'orderIds is required', 'Incorrect');
          return null;
        }
        const orders = (body.orderIds as string[])
          .map((id) => deliveries.get(id))
          .filter((made): made is FakeIikoDelivery => made?.organizationId === org.id);
        for (const made of orders) settle(made);
        return { correlationId, orders: orders.map(orderInfo) };
      }
      case 'deliveries/by_revision': {
        const orgs = orgsOf(body.organizationIds, response);
        if (!orgs) return null;
        const start = Number(body.startRevision ?? 0);
        return {
          correlationId,
          maxRevision: orderRevision,
          ordersByOrganizations: orgs.map((org) => ({
            organizationId: org.id,
            orders: [...deliveries.values()]
              .filter((made) => made.organizationId === org.id && made.revision > start)
              .map(orderInfo),
          })),
        };
      }
      case 'webhooks/update_settings': {
        const org = orgOf(body.organizationId, response);
        if (!org) return null;
        if (typeof body.webHooksUri !== 'string' || !URL.canParse(body.webHooksUri)) {
          fail(response, 400, 'webHooksUri is not a valid URI', 'Incorrect');
          return null;
        }
        org.webhook = {
          webHooksUri: body.webHooksUri,
          authToken: typeof body.authToken === 'string' ? body.authToken : null,
          webHooksFilter: (body.webHooksFilter as Json | null | undefined) ?? null,
        };
        return { correlationId };
      }
      case 'webhooks/settings': {
        const org = orgOf(body.organizationId, response);
        if (!org) return null;
        return {
          correlationId,
          apiLoginName: 'fake',
          webHooksUri: org.webhook?.webHooksUri ?? null,
          authToken: org.webhook?.authToken ?? null,
          webHooksFilter: org.webhook?.webHooksFilter ?? null,
        };
      }
      default:
        return null;
    }
  }

  function api(request: IncomingMessage, raw: string, response: ServerResponse, operation: string) {
    if (request.method !== 'POST') return fail(response, 405, 'Method not allowed');
    if (!OPERATIONS.has(operation)) return fail(response, 404, 'Not found');
    const op = operation as FakeIikoOperation;
    let body: Json;
    try {
      body = JSON.parse(raw || 'null') as Json;
      if (!body || typeof body !== 'object' || Array.isArray(body)) throw new Error('not an object');
    } catch {
      return fail(response, 400, 'Request body is not a JSON object', 'Incorrect');
    }
    if (op === 'access_token') {
      if (faultBefore(op, request, response)) return;
      if (typeof body.apiLogin !== 'string' || !logins.has(body.apiLogin))
        return fail(response, 401, 'Login is not authorized');
      const token = randomUUID().replaceAll('-', '') + randomUUID().replaceAll('-', '');
      tokens.set(token, { login: body.apiLogin, expiresAt: now() + (options.tokenTtlMs ?? 3_600_000) });
      tokensIssued += 1;
      return json(response, 200, { correlationId: randomUUID(), token });
    }
    if (!authorized(request)) return fail(response, 401, 'Token is expired or invalid');
    if (faultBefore(op, request, response)) return;
    const answer = handle(op, body, response);
    if (!answer) return;
    if (faultAfter(op)) return fail(response, 500, 'Internal server error', 'InternalServerError');
    json(response, 200, answer);
  }

  const controls = {
    /** The demo organization (FAKE_IIKO_DEMO) and its menu, as at start. */
    seedDemo,
    addOrganization: (fields: { id?: string; name: string }) => addOrganization(fields).id,
    addTerminalGroup: (
      organizationId: string,
      fields: Partial<Omit<FakeIikoTerminalGroup, 'organizationId'>> & { name: string },
    ) => addTerminalGroup(organizationId, fields),
    /** A terminal that is off never takes an order: creations fail after the transport timeout. */
    setTerminalAlive(terminalGroupId: string, alive: boolean) {
      const group = terminalGroup(terminalGroupId);
      if (!group) throw new Error(`the fake iiko has no terminal group ${terminalGroupId}`);
      group.alive = alive;
    },
    setPaymentTypes(organizationId: string, types: Json[]) {
      organization(organizationId).paymentTypes = types;
    },
    /** The whole nomenclature at once; the revision goes up and NomenclatureUpdate is sent. */
    setNomenclature(organizationId: string, nomenclature: Partial<Omit<FakeIikoNomenclature, 'revision'>>) {
      const org = organization(organizationId);
      org.nomenclature = { ...org.nomenclature, ...nomenclature };
      nomenclatureChanged(organizationId);
    },
    nomenclature: (organizationId: string = FAKE_IIKO_DEMO.organizationId) =>
      organization(organizationId).nomenclature,
    addGroup(
      fields: Partial<FakeIikoGroup> & { name: string },
      organizationId: string = FAKE_IIKO_DEMO.organizationId,
    ) {
      const group = fakeIikoGroup(fields);
      organization(organizationId).nomenclature.groups.push(group);
      nomenclatureChanged(organizationId);
      return group;
    },
    addSize(
      fields: Partial<FakeIikoSize> & { name: string },
      organizationId: string = FAKE_IIKO_DEMO.organizationId,
    ) {
      const size: FakeIikoSize = { id: randomUUID(), priority: null, isDefault: null, ...fields };
      organization(organizationId).nomenclature.sizes.push(size);
      nomenclatureChanged(organizationId);
      return size;
    },
    addProduct(
      fields: Partial<FakeIikoProduct> & { name: string },
      organizationId: string = FAKE_IIKO_DEMO.organizationId,
    ) {
      const product = fakeIikoProduct(fields);
      organization(organizationId).nomenclature.products.push(product);
      nomenclatureChanged(organizationId);
      return product;
    },
    updateProduct(
      id: string,
      change: Partial<FakeIikoProduct>,
      organizationId: string = FAKE_IIKO_DEMO.organizationId,
    ) {
      const products = organization(organizationId).nomenclature.products;
      const index = products.findIndex((product) => product.id === id);
      if (index < 0) throw new Error(`the fake iiko has no product ${id}`);
      products[index] = { ...(products[index] as FakeIikoProduct), ...change };
      nomenclatureChanged(organizationId);
      return products[index] as FakeIikoProduct;
    },
    /** Replaces a terminal group's stop-list and sends StopListUpdate. */
    setStopList(organizationId: string, terminalGroupId: string, items: FakeIikoStopListItem[]) {
      organization(organizationId).stopLists.set(
        terminalGroupId,
        items.map((item) => ({
          productId: item.productId,
          sizeId: item.sizeId ?? null,
          balance: item.balance,
        })),
      );
      stopListChanged(organizationId, terminalGroupId);
    },
    stopList: (organizationId: string, terminalGroupId: string) =>
      organization(organizationId).stopLists.get(terminalGroupId) ?? [],
    setStopListRights(allowed: boolean) {
      stopListRights = allowed;
    },
    /** iiko's delivery_restrictions object of one organization, as iiko writes it. */
    setDeliveryRestrictions(organizationId: string, restrictions: Json) {
      organization(organizationId).restrictions = { ...restrictions, organizationId };
    },
    setCreationDelay(ms: number | null) {
      creationDelayMs = ms;
    },
    /** Every deliveries/cancel call, oldest first, with its outcome. */
    cancellations: () => [...cancellations],
    /** Every order made (or tried), oldest first, with the create body as sent. */
    deliveries: () => [...deliveries.values()],
    delivery: (id: string) => deliveries.get(id),
    /** Moves an order along as iikoFront would, and sends DeliveryOrderUpdate. */
    setOrderStatus(id: string, status: FakeIikoDeliveryStatus) {
      const made = delivery(id);
      if (made.creationStatus !== 'Success') throw new Error(`order ${id} is ${made.creationStatus}`);
      made.status = status;
      bump(made);
      notify(made.organizationId, 'DeliveryOrderUpdate', orderInfo(made), status);
    },
    /** Cancels an order in iikoFront with a cause, and sends DeliveryOrderUpdate. */
    cancelOrder(id: string, causeName: string) {
      const made = delivery(id);
      if (made.creationStatus !== 'Success') throw new Error(`order ${id} is ${made.creationStatus}`);
      made.status = 'Cancelled';
      made.cancelInfo = {
        whenCancelled: iikoTime(now()),
        cause: { id: FAKE_IIKO_DEMO.cancelCauseId, name: causeName },
        comment: null,
      };
      bump(made);
      notify(made.organizationId, 'DeliveryOrderUpdate', orderInfo(made), 'Cancelled');
    },
    /** Finishes a creation in progress now (a live terminal took it). */
    completeCreation(id: string) {
      succeed(delivery(id));
    },
    /** The webhook settings an organization registered. */
    webhook: (organizationId: string = FAKE_IIKO_DEMO.organizationId) => organization(organizationId).webhook,
    /** Sends an order's current state again (a duplicate, as iiko may). */
    resendOrder(id: string) {
      const made = delivery(id);
      notify(
        made.organizationId,
        made.creationStatus === 'Error' ? 'DeliveryOrderError' : 'DeliveryOrderUpdate',
        orderInfo(made),
        made.status,
      );
    },
    failNext(operation: FakeIikoOperation, fault: FakeIikoFault) {
      faults.set(operation, [...(faults.get(operation) ?? []), fault]);
    },
    /** Forgets the faults queued and not yet met (a test's leftovers). */
    clearFaults() {
      faults.clear();
    },
    /** Every token issued so far stops working, as at the end of its hour. */
    expireTokens() {
      tokens.clear();
    },
    /** How many tokens were issued (access_token calls answered 200). */
    tokensIssued: () => tokensIssued,
    /** Sends the held webhook calls (reorder), newest first. */
    flushWebhooks() {
      for (const call of held.splice(0).reverse()) send(call.uri, call.authToken, call.body);
    },
    /** Resolves when every webhook call under way has been delivered or given up. */
    async webhooksSettled() {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
  };

  // ---- the control API for another process (e2e, chaos): /fake/... ----

  function control(request: IncomingMessage, raw: string, response: ServerResponse, path: string) {
    const body = (raw ? JSON.parse(raw) : {}) as Json;
    const method = request.method ?? 'GET';
    const order = /^\/fake\/orders\/([^/]+)\/(status|cancel|resend|complete)$/.exec(path);
    const terminal = /^\/fake\/terminal-groups\/([^/]+)\/alive$/.exec(path);
    const org = (body.organizationId as string | undefined) ?? FAKE_IIKO_DEMO.organizationId;
    if (method === 'GET' && path === '/fake/deliveries') return json(response, 200, controls.deliveries());
    if (method === 'GET' && path === '/fake/webhooks') return json(response, 200, webhookDeliveries);
    if (method === 'GET' && path === '/fake/cancellations') return json(response, 200, cancellations);
    if (method === 'GET' && path === '/fake/nomenclature')
      return json(response, 200, controls.nomenclature(org));
    if (method !== 'POST') return json(response, 404, { error: 'no such control' });
    if (path === '/fake/seed') controls.seedDemo();
    else if (path === '/fake/products')
      return json(
        response,
        200,
        controls.addProduct(body as unknown as Partial<FakeIikoProduct> & { name: string }, org),
      );
    else if (path === '/fake/stop-list')
      controls.setStopList(
        org,
        (body.terminalGroupId as string | undefined) ?? FAKE_IIKO_DEMO.terminalGroupId,
        (body.items as FakeIikoStopListItem[]) ?? [],
      );
    else if (path === '/fake/fail')
      controls.failNext(body.operation as FakeIikoOperation, body.fault as FakeIikoFault);
    else if (path === '/fake/expire-tokens') controls.expireTokens();
    else if (path === '/fake/flush-webhooks') controls.flushWebhooks();
    else if (path === '/fake/creation-delay') controls.setCreationDelay((body.ms as number | null) ?? null);
    else if (terminal?.[1]) controls.setTerminalAlive(terminal[1], body.alive === true);
    else if (order?.[1] && order[2] === 'status')
      controls.setOrderStatus(order[1], body.status as FakeIikoDeliveryStatus);
    else if (order?.[1] && order[2] === 'cancel')
      controls.cancelOrder(order[1], String(body.cause ?? 'Отказ гостя'));
    else if (order?.[1] && order[2] === 'resend') controls.resendOrder(order[1]);
    else if (order?.[1] && order[2] === 'complete') controls.completeCreation(order[1]);
    else return json(response, 404, { error: 'no such control' });
    json(response, 200, { ok: true });
  }

  /** A picture of the demo menu: a small PNG of a colour drawn from its name. */
  async function servePicture(name: string, response: ServerResponse) {
    let bytes = pictures.get(name);
    if (!bytes) {
      const hue = [...name].reduce((sum, char) => sum + char.charCodeAt(0), 0);
      bytes = await sharp({
        create: {
          width: 96,
          height: 96,
          channels: 3,
          background: { r: hue % 256, g: (hue * 7) % 256, b: (hue * 13) % 256 },
        },
      })
        .png()
        .toBuffer();
      pictures.set(name, bytes);
    }
    response.writeHead(200, { 'content-type': 'image/png', 'content-length': bytes.length }).end(bytes);
  }

  const server = createServer((request, response) => {
    let raw = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => {
      raw += chunk;
    });
    request.on('end', () => {
      const path = new URL(request.url ?? '/', 'http://fake').pathname;
      try {
        if (path.startsWith('/api/1/')) {
          const operation = path.slice('/api/1/'.length);
          requests.push({ path: operation, authorization: request.headers.authorization, body: raw });
          return api(request, raw, response, operation);
        }
        if (path.startsWith('/fake/')) return control(request, raw, response, path);
        const picture = /^\/images\/([\w-]+)\.png$/.exec(path);
        if (request.method === 'GET' && picture?.[1]) return void servePicture(picture[1], response);
        fail(response, 404, 'Not found');
      } catch (failure) {
        fail(response, 500, String(failure), 'InternalServerError');
      }
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  base = `http://127.0.0.1:${port}`;
  if (options.seed ?? true) seedDemo();

  return {
    /** The API base, for IIKO_API_URL. */
    url: base,
    /** Every /api/1/ call: the operation, its Authorization header, its body. */
    requests,
    webhookDeliveries,
    ...controls,
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of timers) clearTimeout(timer);
        timers.clear();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type FakeIiko = Awaited<ReturnType<typeof startFakeIiko>>;

/*
 * Standalone: `node --import tsx apps/api/src/test/fakes/iiko.ts --port N` (or PORT=N), seeded with the demo;
 * IIKO_FAKE_OPTIONS may hold more FakeIikoOptions as JSON (faultRates, duplicate, webhookJitterMs, …).
 */
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const flag = process.argv.indexOf('--port');
  const port = Number((flag >= 0 ? process.argv[flag + 1] : undefined) ?? process.env.PORT ?? 0);
  const extra = JSON.parse(process.env.IIKO_FAKE_OPTIONS ?? '{}') as FakeIikoOptions;
  const fake = await startFakeIiko({ ...extra, port });
  process.stdout.write(`${fake.url}\n`);
}
