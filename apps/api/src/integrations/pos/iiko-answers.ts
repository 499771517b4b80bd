import { z } from 'zod';

/*
 * iiko's answers as we read them: loose objects (iiko adds fields between versions), only what we use is
 * checked, and whatever iiko sends as null or leaves out is allowed to be missing. The shapes are those of
 * iiko's published OpenAPI description of the Cloud API (INTEGRATIONS.md 'iiko Cloud API').
 */

const id = z.string().min(1);
const text = z.string().nullish();
const number = z.number().nullish();

export const errorAnswer = z.looseObject({
  errorDescription: text,
  error: text,
});

export const tokenAnswer = z.looseObject({ token: z.string().min(1) });

export const organizationsAnswer = z.looseObject({
  organizations: z.array(z.looseObject({ id, name: text })),
});

const terminalGroup = z.looseObject({
  id,
  organizationId: id,
  name: text,
  address: text,
  timeZone: text,
});

const terminalGroupsOfOrganization = z.looseObject({
  organizationId: id,
  items: z.array(terminalGroup).nullish(),
});

export const terminalGroupsAnswer = z.looseObject({
  terminalGroups: z.array(terminalGroupsOfOrganization),
  terminalGroupsInSleep: z.array(terminalGroupsOfOrganization).nullish(),
});

export const paymentTypesAnswer = z.looseObject({
  paymentTypes: z.array(
    z.looseObject({
      id: text,
      name: text,
      paymentTypeKind: text,
      isDeleted: z.boolean().nullish(),
    }),
  ),
});

const sizePrice = z.looseObject({
  sizeId: text,
  price: z.looseObject({ currentPrice: number, isIncludedInMenu: z.boolean().nullish() }).nullish(),
});

const childModifier = z.looseObject({
  id,
  defaultAmount: number,
  minAmount: number,
  maxAmount: number,
});

export const nomenclatureProduct = z.looseObject({
  id,
  code: text,
  name: text,
  description: text,
  type: text,
  parentGroup: text,
  groupId: text,
  order: number,
  isDeleted: z.boolean().nullish(),
  measureUnit: text,
  weight: number,
  fatAmount: number,
  proteinsAmount: number,
  carbohydratesAmount: number,
  energyAmount: number,
  sizePrices: z.array(sizePrice).nullish(),
  modifiers: z.array(childModifier).nullish(),
  groupModifiers: z
    .array(
      z.looseObject({
        id,
        minAmount: number,
        maxAmount: number,
        childModifiers: z.array(childModifier).nullish(),
      }),
    )
    .nullish(),
  imageLinks: z.array(z.string()).nullish(),
});

export const nomenclatureGroup = z.looseObject({
  id,
  name: text,
  parentGroup: text,
  order: number,
  isIncludedInMenu: z.boolean().nullish(),
  isGroupModifier: z.boolean().nullish(),
  isDeleted: z.boolean().nullish(),
  imageLinks: z.array(z.string()).nullish(),
});

export const nomenclatureAnswer = z.looseObject({
  revision: z.number(),
  groups: z.array(nomenclatureGroup).nullish(),
  products: z.array(nomenclatureProduct).nullish(),
  sizes: z.array(z.looseObject({ id, name: text, priority: number })).nullish(),
});

export type NomenclatureAnswer = z.infer<typeof nomenclatureAnswer>;

export const stopListsAnswer = z.looseObject({
  terminalGroupStopLists: z.array(
    z.looseObject({
      organizationId: id,
      items: z
        .array(
          z.looseObject({
            terminalGroupId: text,
            items: z.array(z.looseObject({ productId: id, sizeId: text, balance: z.number() })).nullish(),
          }),
        )
        .nullish(),
    }),
  ),
});

export const deliveryRestrictionsAnswer = z.looseObject({
  deliveryRestrictions: z.array(
    z.looseObject({
      organizationId: text,
      restrictions: z
        .array(
          z.looseObject({
            zone: text,
            terminalGroupId: text,
            minSum: number,
            from: number,
            to: number,
            priority: number,
            deliveryDurationInMinutes: number,
          }),
        )
        .nullish(),
      deliveryZones: z
        .array(
          z.looseObject({
            name: text,
            coordinates: z.array(z.looseObject({ latitude: z.number(), longitude: z.number() })).nullish(),
          }),
        )
        .nullish(),
    }),
  ),
});

export const creationStatus = z.enum(['Success', 'InProgress', 'Error']);

/** iiko's OrderInfo: what deliveries/create, by_id, by_revision and the order webhooks carry. */
export const orderInfo = z.looseObject({
  id,
  organizationId: text,
  creationStatus,
  errorInfo: z.looseObject({ code: text, message: text, description: text, errorReason: text }).nullish(),
  order: z
    .looseObject({
      status: text,
      cancelInfo: z.looseObject({ cause: z.looseObject({ name: text }).nullish() }).nullish(),
    })
    .nullish(),
});

export type OrderInfo = z.infer<typeof orderInfo>;

export const createAnswer = z.looseObject({ correlationId: id, orderInfo });

export const commandStatusAnswer = z.looseObject({
  state: creationStatus,
  exception: z.looseObject({ message: text }).nullish(),
  errorReason: text,
});

export const ordersByIdAnswer = z.looseObject({ orders: z.array(orderInfo) });

export const ordersByRevisionAnswer = z.looseObject({
  maxRevision: z.number(),
  ordersByOrganizations: z.array(
    z.looseObject({ organizationId: text, orders: z.array(orderInfo).nullish() }),
  ),
});

export const correlationAnswer = z.looseObject({ correlationId: text });

export const cancelCausesAnswer = z.looseObject({
  cancelCauses: z.array(z.looseObject({ id, name: text, isDeleted: z.boolean().nullish() })),
});

/** One event of a webhook call; its eventInfo is read by the event's type. */
export const webhookEvent = z.looseObject({
  eventType: z.string(),
  organizationId: id,
  eventInfo: z.unknown(),
});
