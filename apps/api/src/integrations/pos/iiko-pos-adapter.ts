import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import {
  cancelCausesAnswer,
  commandStatusAnswer,
  correlationAnswer,
  createAnswer,
  deliveryRestrictionsAnswer,
  errorAnswer,
  nomenclatureAnswer,
  orderInfo,
  ordersByIdAnswer,
  ordersByRevisionAnswer,
  organizationsAnswer,
  paymentTypesAnswer,
  stopListsAnswer,
  terminalGroupsAnswer,
  tokenAnswer,
  webhookEvent,
} from './iiko-answers.ts';
import { menuFromNomenclature, roublesToMinor } from './iiko-nomenclature.ts';
import { creationFailure, deliveryBody, orderState } from './iiko-orders.ts';
import { iikoTimeZone } from './iiko-time-zones.ts';
import {
  type PosAdapter,
  type PosCreation,
  type PosDeliveryOrder,
  PosError,
  type PosEvent,
  type PosFailure,
  type PosTerminalGroup,
} from './pos-adapter.ts';

export interface IikoSettings {
  /** IIKO_API_URL, e.g. https://api-ru.iiko.services */
  baseUrl: string;
  apiLogin: string;
  timeoutMs: number;
  log: FastifyBaseLogger;
  /** The clock the token's age is read on. */
  now?: () => number;
}

/** iiko's token lives about an hour and cannot be refreshed: a new one is asked for well before. */
const TOKEN_RENEW_AFTER_MS = 50 * 60 * 1000;

/** The delivery statuses the webhook is asked for: all of them. */
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
];

/**
 * iiko Cloud API (INTEGRATIONS.md 'iiko Cloud API'): every call a POST of JSON with a bearer token. The
 * token is asked for once per adapter (callers arriving meanwhile wait for the same request), kept for 50
 * minutes, and asked for again once when iiko answers 401. Failures become PosError; the log gets the
 * operation, the HTTP status and iiko's words with the token and the API login blotted out.
 */
export function iikoPosAdapter(settings: IikoSettings): PosAdapter {
  const base = settings.baseUrl.replace(/\/+$/, '');
  const now = settings.now ?? Date.now;
  const { log } = settings;
  let token: { value: string; fetchedAt: number } | null = null;
  let tokenRequest: Promise<string> | null = null;

  /** iiko's words may quote what we sent: never let the login or a token through. */
  function scrub(words: string): string {
    let clean = words.split(settings.apiLogin).join('***');
    if (token) clean = clean.split(token.value).join('***');
    return clean.slice(0, 500);
  }

  async function post(path: string, body: unknown, bearer: string | null) {
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      accept: 'application/json',
    };
    if (bearer) headers.authorization = `Bearer ${bearer}`;
    try {
      const response = await fetch(`${base}/api/1/${path}`, {
        method: 'POST',
        headers,
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(settings.timeoutMs),
      });
      return { status: response.status, text: await response.text() };
    } catch (error) {
      const name = error instanceof Error ? error.name : 'unknown';
      const timedOut = name === 'TimeoutError' || name === 'AbortError';
      log.warn({ operation: path, reason: name }, 'iiko could not be reached');
      throw new PosError(
        timedOut ? 'timeout' : 'unavailable',
        timedOut ? `iiko ${path}: no answer in ${settings.timeoutMs} ms` : `iiko ${path}: ${name}`,
      );
    }
  }

  function failure(path: string, status: number, text: string): PosError {
    let description = '';
    let code = '';
    try {
      const parsed = errorAnswer.parse(JSON.parse(text));
      description = scrub(parsed.errorDescription ?? '');
      code = scrub(parsed.error ?? '');
    } catch {
      // Not iiko's error object (a proxy's page): the status alone decides.
    }
    log.warn({ operation: path, status, code, description }, 'iiko did not do it');
    const message = `iiko ${path}: HTTP ${status}${code ? ` ${code}` : ''}${description ? `: ${description}` : ''}`;
    let kind: PosFailure = 'rejected';
    if (status >= 500 || status === 429 || status === 408) kind = 'unavailable';
    else if (status === 401) kind = 'auth';
    else if (status === 404 || status === 410) kind = 'not-found';
    else if (
      status === 400 &&
      (/not found|не найден/i.test(description) || /NotFound|Unregistered/.test(code))
    )
      kind = 'not-found';
    return new PosError(kind, message);
  }

  function accessToken(): Promise<string> {
    if (token && now() - token.fetchedAt < TOKEN_RENEW_AFTER_MS) return Promise.resolve(token.value);
    if (!tokenRequest) {
      tokenRequest = (async () => {
        const answer = await post('access_token', { apiLogin: settings.apiLogin }, null);
        if (answer.status !== 200) throw failure('access_token', answer.status, answer.text);
        const parsed = read('access_token', answer.text, tokenAnswer);
        token = { value: parsed.token, fetchedAt: now() };
        return parsed.token;
      })().finally(() => {
        tokenRequest = null;
      });
    }
    return tokenRequest;
  }

  function read<T>(path: string, text: string, schema: z.ZodType<T>): T {
    let raw: unknown;
    try {
      raw = JSON.parse(text);
    } catch {
      log.warn({ operation: path }, 'iiko answered something that is not JSON');
      throw new PosError('unavailable', `iiko ${path}: an answer that is not JSON`);
    }
    const parsed = schema.safeParse(raw);
    if (!parsed.success) {
      const issues = parsed.error.issues.slice(0, 3).map((issue) => `${issue.path.join('.')}: ${issue.code}`);
      log.warn({ operation: path, issues }, 'iiko answered in an unknown format');
      throw new PosError('unavailable', `iiko ${path}: an answer in an unknown format`);
    }
    return parsed.data;
  }

  async function call<T>(path: string, body: unknown, schema: z.ZodType<T>): Promise<T> {
    const used = await accessToken();
    let answer = await post(path, body, used);
    if (answer.status === 401) {
      // iiko dropped the token before its hour: ask for a new one once (unless another caller already has).
      if (token?.value === used) token = null;
      answer = await post(path, body, await accessToken());
    }
    if (answer.status !== 200) throw failure(path, answer.status, answer.text);
    return read(path, answer.text, schema);
  }

  function creation(
    correlationId: string,
    state: 'Success' | 'InProgress' | 'Error',
    message: string | null,
  ): PosCreation {
    return {
      correlationId,
      status: state,
      failure: state === 'Error' ? creationFailure(null, message) : null,
      message: state === 'Error' ? message : null,
    };
  }

  /**
   * iiko refused an order id it already has: the order is made (or being made), so the answer is that
   * order's state, never a failure that would make staff retype it.
   */
  async function existing(order: PosDeliveryOrder, correlationId: string): Promise<PosCreation> {
    const answer = await call(
      'deliveries/by_id',
      { organizationId: order.organizationId, orderIds: [order.id] },
      ordersByIdAnswer,
    );
    const found = answer.orders.find((info) => info.id === order.id);
    if (!found)
      throw new PosError(
        'rejected',
        `iiko deliveries/create: order ${order.id} is a duplicate iiko cannot show`,
      );
    const state = orderState(found, order.organizationId);
    return { correlationId, status: state.creationStatus, failure: state.failure, message: state.message };
  }

  return {
    provider: 'iiko',

    async organizations() {
      const answer = await call(
        'organizations',
        { organizationIds: null, returnAdditionalInfo: false, includeDisabled: false },
        organizationsAnswer,
      );
      return answer.organizations.map((org) => ({ id: org.id, name: org.name ?? '' }));
    },

    async terminalGroups(organizationIds) {
      if (organizationIds.length === 0) return [];
      // iiko marks no group as disabled: a disabled one is simply missing unless includeDisabled is set.
      const [all, granted] = await Promise.all([
        call('terminal_groups', { organizationIds, includeDisabled: true }, terminalGroupsAnswer),
        call('terminal_groups', { organizationIds, includeDisabled: false }, terminalGroupsAnswer),
      ]);
      const listed = (answer: z.infer<typeof terminalGroupsAnswer>) => [
        ...answer.terminalGroups.flatMap((entry) => entry.items ?? []),
        ...(answer.terminalGroupsInSleep ?? []).flatMap((entry) => entry.items ?? []),
      ];
      const enabled = new Set(listed(granted).map((group) => group.id));
      const groups = new Map<string, PosTerminalGroup>();
      for (const group of listed(all))
        groups.set(group.id, {
          id: group.id,
          organizationId: group.organizationId,
          name: group.name ?? '',
          address: group.address ?? null,
          enabled: enabled.has(group.id),
          timeZone: iikoTimeZone(group.timeZone),
        });
      return [...groups.values()];
    },

    async paymentTypes(organizationId) {
      const answer = await call('payment_types', { organizationIds: [organizationId] }, paymentTypesAnswer);
      return answer.paymentTypes.flatMap((type) =>
        type.id
          ? [
              {
                id: type.id,
                name: type.name ?? '',
                kind: type.paymentTypeKind ?? 'Unknown',
                deleted: type.isDeleted === true,
              },
            ]
          : [],
      );
    },

    async menu(organizationId, revision) {
      const answer = await call(
        'nomenclature',
        { organizationId, startRevision: revision },
        nomenclatureAnswer,
      );
      return menuFromNomenclature(answer);
    },

    async stopLists(organizationIds) {
      if (organizationIds.length === 0) return [];
      const answer = await call('stop_lists', { organizationIds, returnSize: true }, stopListsAnswer);
      return answer.terminalGroupStopLists.flatMap((org) =>
        (org.items ?? []).flatMap((group) =>
          group.terminalGroupId
            ? [
                {
                  organizationId: org.organizationId,
                  terminalGroupId: group.terminalGroupId,
                  items: (group.items ?? []).map((item) => ({
                    productId: item.productId,
                    sizeId: item.sizeId ?? null,
                    balance: item.balance,
                  })),
                },
              ]
            : [],
        ),
      );
    },

    async setStopped(organizationId, terminalGroupId, items, stopped) {
      if (items.length === 0) return;
      // Stopped = a balance of 0 (nothing left); back on sale = off the list.
      await call(
        stopped ? 'stop_lists/add' : 'stop_lists/remove',
        {
          organizationId,
          terminalGroupId,
          items: items.map((item) => ({
            productId: item.productId,
            sizeId: item.sizeId,
            ...(stopped ? { balance: 0 } : {}),
          })),
        },
        correlationAnswer,
      );
    },

    async deliveryRestrictions(organizationIds) {
      if (organizationIds.length === 0) return { zones: [], restrictions: [] };
      const answer = await call('delivery_restrictions', { organizationIds }, deliveryRestrictionsAnswer);
      return {
        zones: answer.deliveryRestrictions.flatMap((org) =>
          (org.deliveryZones ?? []).map((zone) => ({
            name: zone.name ?? '',
            polygon: (zone.coordinates ?? []).map(
              (point) => [point.latitude, point.longitude] as [number, number],
            ),
          })),
        ),
        restrictions: answer.deliveryRestrictions.flatMap((org) =>
          (org.restrictions ?? []).map((restriction) => ({
            zone: restriction.zone ?? '',
            terminalGroupId: restriction.terminalGroupId ?? null,
            minSum: roublesToMinor(restriction.minSum),
            fromMinute: restriction.from ?? null,
            toMinute: restriction.to ?? null,
            priority: restriction.priority ?? 0,
            durationMinutes: restriction.deliveryDurationInMinutes ?? null,
            // iiko prices delivery as a service product (deliveryServiceProductId), not in the restriction.
            deliveryPrice: null,
          })),
        ),
      };
    },

    async createDelivery(order) {
      let answer: z.infer<typeof createAnswer>;
      try {
        answer = await call('deliveries/create', deliveryBody(order), createAnswer);
      } catch (error) {
        if (error instanceof PosError && /DuplicatedOrderId/.test(error.message)) return existing(order, '');
        throw error;
      }
      const state = orderState(answer.orderInfo, order.organizationId);
      if (answer.orderInfo.errorInfo?.code === 'DuplicatedOrderId')
        return existing(order, answer.correlationId);
      return {
        correlationId: answer.correlationId,
        status: state.creationStatus,
        failure: state.failure,
        message: state.message,
      };
    },

    async commandStatus(organizationId, correlationId) {
      const answer = await call('commands/status', { organizationId, correlationId }, commandStatusAnswer);
      const message = answer.errorReason ?? answer.exception?.message ?? null;
      return creation(correlationId, answer.state, message ? scrub(message) : null);
    },

    async cancelCauses(organizationId) {
      const answer = await call('cancel_causes', { organizationIds: [organizationId] }, cancelCausesAnswer);
      return answer.cancelCauses.map((cause) => ({
        id: cause.id,
        name: cause.name ?? '',
        deleted: cause.isDeleted === true,
      }));
    },

    async cancelDelivery(organizationId, orderId, cancelCauseId) {
      // A command, like a creation: its outcome is read by commands/status (or seen as Cancelled by webhook).
      const answer = await call(
        'deliveries/cancel',
        { organizationId, orderId, ...(cancelCauseId ? { cancelCauseId } : {}) },
        correlationAnswer,
      );
      return {
        correlationId: answer.correlationId ?? '',
        status: 'InProgress',
        failure: null,
        message: null,
      };
    },

    async ordersById(organizationId, orderIds) {
      if (orderIds.length === 0) return [];
      const answer = await call('deliveries/by_id', { organizationId, orderIds }, ordersByIdAnswer);
      return answer.orders.map((info) => orderState(info, organizationId));
    },

    async ordersByRevision(organizationIds, revision) {
      if (organizationIds.length === 0) return { revision, orders: [] };
      const answer = await call(
        'deliveries/by_revision',
        { organizationIds, startRevision: revision },
        ordersByRevisionAnswer,
      );
      return {
        revision: answer.maxRevision,
        orders: answer.ordersByOrganizations.flatMap((org) =>
          (org.orders ?? []).map((info) => orderState(info, org.organizationId ?? '')),
        ),
      };
    },

    async registerWebhook(organizationId, uri, authToken) {
      await call(
        'webhooks/update_settings',
        {
          organizationId,
          webHooksUri: uri,
          authToken,
          webHooksFilter: {
            deliveryOrderFilter: { orderStatuses: DELIVERY_STATUSES, errors: true },
            stopListUpdateFilter: { updates: true },
            nomenclatureUpdateFilter: { updates: true },
          },
        },
        correlationAnswer,
      );
    },

    parseWebhook(body) {
      if (!Array.isArray(body)) return [];
      const events: PosEvent[] = [];
      for (const raw of body) {
        const event = webhookEvent.safeParse(raw);
        if (!event.success) continue;
        const { eventType, organizationId, eventInfo } = event.data;
        if (eventType === 'DeliveryOrderUpdate' || eventType === 'DeliveryOrderError') {
          const info = orderInfo.safeParse(eventInfo);
          if (info.success)
            events.push({ kind: 'order', organizationId, order: orderState(info.data, organizationId) });
        } else if (eventType === 'StopListUpdate') events.push({ kind: 'stop-list', organizationId });
        else if (eventType === 'NomenclatureUpdate') events.push({ kind: 'menu', organizationId });
      }
      return events;
    },
  };
}
