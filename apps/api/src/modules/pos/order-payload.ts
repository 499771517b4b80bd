import { type PaymentMethod, posCompleteBefore } from '@storefront/domain';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../core/executor.ts';
import { orderLines, orders, type PosPaymentTypeMap, posLinks, posMappings } from '../../db/schema.ts';
import type {
  PosAdapter,
  PosDeliveryOrder,
  PosOrderPayment,
  PosPaymentType,
  PosTerminalGroup,
} from '../../integrations/pos/pos-adapter.ts';

/**
 * One of our orders as the POS books it: our server's lines and prices with the POS's ids from the mappings,
 * the persons, the address or the pickup, the payment as the link maps its method. A line the POS cannot
 * name (a dish or modifier without a mapping) is a refusal with words staff can act on, not a guess.
 */

export type BookableTransfer = {
  orderId: number;
  whiteLabelId: string;
  externalOrderId: string;
  organizationId: string;
  terminalGroupId: string;
};

/** Why an order cannot be put to the POS as it stands: shown on the board, logged, tried again later. */
export class OrderNotBookable extends Error {
  constructor(
    readonly code: 'pos.rejected' | 'pos.payment-type-unknown' | 'pos.not-linked',
    message: string,
  ) {
    super(message);
    this.name = 'OrderNotBookable';
  }
}

/** The link's key of the payment types for each of our methods (pos.ts PosPaymentTypeMap). */
const PAYMENT_KEYS: Record<PaymentMethod, keyof PosPaymentTypeMap> = {
  CARD_ONLINE: 'card-online',
  CARD_UPON_RECEIPT: 'card',
  CASH_UPON_RECEIPT: 'cash',
};
const PAYMENT_NAMES: Record<PaymentMethod, string> = {
  CARD_ONLINE: 'Картой онлайн',
  CARD_UPON_RECEIPT: 'Картой при получении',
  CASH_UPON_RECEIPT: 'Наличными',
};

/** The POS's lists that change rarely, read once per organization for a while (iiko's rate limits). */
export interface PosDirectory {
  paymentTypes(organizationId: string): Promise<PosPaymentType[]>;
  terminalGroups(organizationId: string): Promise<PosTerminalGroup[]>;
}

const DIRECTORY_TTL_MS = 10 * 60_000;

export function posDirectory(adapter: PosAdapter, now: () => number): PosDirectory {
  const cache = new Map<string, { at: number; value: Promise<unknown> }>();
  const cached = <T>(key: string, read: () => Promise<T>): Promise<T> => {
    const hit = cache.get(key);
    if (hit && now() - hit.at < DIRECTORY_TTL_MS) return hit.value as Promise<T>;
    const value = read();
    cache.set(key, { at: now(), value });
    // A failed read is not kept: the next order asks again.
    value.catch(() => cache.delete(key));
    return value;
  };
  return {
    paymentTypes: (org) => cached(`payment-types:${org}`, () => adapter.paymentTypes(org)),
    terminalGroups: (org) => cached(`terminal-groups:${org}`, () => adapter.terminalGroups([org])),
  };
}

/** '+7 912 345-67-89' → '+79123456789': iiko wants the phone as '+' and digits. */
export const posPhone = (phone: string) => `+${phone.replace(/\D/g, '')}`;

export async function deliveryOrderOf(
  db: Executor,
  transfer: BookableTransfer,
  directory: PosDirectory,
): Promise<PosDeliveryOrder> {
  const [order] = await db.select().from(orders).where(eq(orders.id, transfer.orderId));
  if (!order) throw new OrderNotBookable('pos.rejected', `Заказ ${transfer.orderId} не найден`);
  const [link] = await db.select().from(posLinks).where(eq(posLinks.restoId, order.restoId));
  if (!link) throw new OrderNotBookable('pos.not-linked', 'Ресторан больше не связан с iiko');
  const lines = await db
    .select()
    .from(orderLines)
    .where(eq(orderLines.orderId, order.id))
    .orderBy(asc(orderLines.lineNo));

  const dishIds = [...new Set(lines.map((l) => l.positionId))];
  const itemIds = [...new Set(lines.flatMap((l) => l.modifiers.map((m) => m.id)))];
  const mapped = async (kind: 'dish' | 'modifier-item', ids: number[]) =>
    ids.length === 0
      ? []
      : db
          .select()
          .from(posMappings)
          .where(
            and(
              eq(posMappings.whiteLabelId, order.whiteLabelId),
              eq(posMappings.provider, link.provider),
              eq(posMappings.organizationId, link.organizationId),
              eq(posMappings.kind, kind),
              inArray(posMappings.ourId, ids),
            ),
          );
  const dishes = new Map((await mapped('dish', dishIds)).map((m) => [m.ourId, m]));
  const items = new Map((await mapped('modifier-item', itemIds)).map((m) => [m.ourId, m]));

  // Free condiments and the gift (kind 'free'/'gift', decision 56) go as the dishes do, at their price of 0. A
  // condiment iiko has no product for (iiko's menu rarely lists chopsticks) is no reason to hold an order back:
  // it goes to the kitchen in the order's comment. A gift is a dish to cook, so it needs its mapping as dishes do.
  const unmappedFree = lines.filter((line) => line.kind === 'free' && !dishes.has(line.positionId));
  const posItems = lines
    .filter((line) => !unmappedFree.includes(line))
    .map((line) => {
      const dish = dishes.get(line.positionId);
      if (!dish) throw new OrderNotBookable('pos.rejected', `Блюдо «${line.name.ru}» не связано с iiko`);
      return {
        productId: dish.externalId,
        sizeId: dish.externalSizeId === '' ? null : dish.externalSizeId,
        amount: line.count,
        price: line.price,
        comment: null,
        modifiers: line.modifiers.map((m) => {
          const item = items.get(m.id);
          if (!item)
            throw new OrderNotBookable(
              'pos.rejected',
              `Добавка «${m.name.ru}» к блюду «${line.name.ru}» не связана с iiko`,
            );
          return {
            productId: item.externalId,
            productGroupId: item.externalParentId,
            amount: m.count,
            price: m.price,
          };
        }),
      };
    });

  const payments: PosOrderPayment[] = [];
  if (order.payable > 0) {
    const typeId = link.paymentTypes[PAYMENT_KEYS[order.payType]];
    const type = typeId
      ? (await directory.paymentTypes(link.organizationId)).find((t) => t.id === typeId && !t.deleted)
      : undefined;
    if (!type)
      throw new OrderNotBookable(
        'pos.payment-type-unknown',
        `Способ оплаты «${PAYMENT_NAMES[order.payType]}» не связан с типом оплаты iiko`,
      );
    payments.push({
      paymentTypeId: type.id,
      kind: type.kind,
      sum: order.payable,
      // Paid online: we took the money and send the 54-FZ receipt ourselves, so the POS prints none.
      processedExternally: order.payType === 'CARD_ONLINE',
    });
  }

  let completeBefore: string | null = null;
  if (order.preOrderAt) {
    const groups = await directory.terminalGroups(transfer.organizationId);
    const zone = groups.find((g) => g.id === transfer.terminalGroupId)?.timeZone ?? null;
    completeBefore = posCompleteBefore(order.preOrderAt.getTime(), zone, order.timezone);
  }

  const place = order.place;
  const free = unmappedFree.map((line) => `${line.name.ru} × ${line.count}`).join(', ');
  const comment = [order.comment, place?.comment, free && `Бесплатно: ${free}`]
    .filter((text) => text)
    .join('\n');
  return {
    organizationId: transfer.organizationId,
    terminalGroupId: transfer.terminalGroupId,
    id: transfer.externalOrderId,
    externalNumber: order.number,
    completeBefore,
    phone: posPhone(order.personPhone),
    method: order.deliveryType === 'DELIVERY' ? 'delivery' : 'take-away',
    address:
      order.deliveryType === 'DELIVERY'
        ? {
            text: order.address ?? '',
            lat: order.lat,
            lng: order.lng,
            apartment: place?.apartment ?? null,
            entrance: place?.entrance ?? null,
            floor: place?.floor ?? null,
            intercom: place?.intercom ?? null,
          }
        : null,
    customerName: order.personName,
    guests: order.personCount,
    items: posItems,
    payments,
    comment: comment === '' ? null : comment,
  };
}
