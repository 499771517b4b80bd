import { z } from 'zod';
import { PHONE_INPUT_MAX_LENGTH } from '../auth/phone-sign-in.ts';
import { EMAIL_MAX, ORDER_COMMENT_MAX, PERSON_NAME_MAX } from '../orders/order-contacts.ts';
import { ORDER_STATUSES, PAYMENT_STATUSES } from '../orders/order-statuses.ts';
import { PERSON_COUNT_MAX } from '../preflight/preflight-limits.ts';
import { ORDER_LINE_KINDS } from '../selling/selling-constants.ts';
import { onlineMethod, orderBonus } from './bonus.ts';
import {
  customerDeliveryMethod,
  errorBody,
  id,
  idParam,
  latLng,
  localizedText,
  minorAmount,
  paymentMethod,
  storedText,
} from './common.ts';
import { deliveryPlace } from './location.ts';
import { orderPayment } from './payments.ts';
import { preflightRequest, preflightResponse } from './preflight.ts';

/**
 * POST /api/v1/persons/{personId}/orders and the customer's own orders (ORDERING.md). The contact fields are
 * plain bounded strings here: the API reads them with orderContactIssues (orders/order-contacts.ts), so a
 * customer hears the docs/product.md §5 words, not a schema message.
 */

export const orderStatus = z.enum(ORDER_STATUSES);
export const paymentStatus = z.enum(PAYMENT_STATUSES);

/** The delivery details besides the address and point, which the preflight body already carries. */
export const orderDeliveryDetails = deliveryPlace.pick({
  apartment: true,
  entrance: true,
  floor: true,
  intercom: true,
  comment: true,
});

export const placeOrderRequest = preflightRequest.extend({
  /** The preflight's quote the customer saw; a different re-pricing is 409 order.price-changed. */
  quote: z.string().min(1).max(4096),
  person: z.object({
    name: storedText(PERSON_NAME_MAX * 4),
    phone: storedText(PHONE_INPUT_MAX_LENGTH),
    email: storedText(EMAIL_MAX).nullable().optional(),
  }),
  comment: storedText(ORDER_COMMENT_MAX * 4)
    .nullable()
    .optional(),
  personCount: z.number().int().min(1).max(PERSON_COUNT_MAX),
  /** DELIVERY only; ignored for TAKE_AWAY. */
  deliveryPlace: orderDeliveryDetails.nullable().optional(),
  /** CARD_ONLINE: card, SBP or SberPay, one the restaurant offers (absent: card); ignored on receipt. */
  onlineMethod: onlineMethod.optional(),
});
export type PlaceOrderRequest = z.infer<typeof placeOrderRequest>;

/** Headers of the placement: the key of this checkout attempt (a UUID or any 8–128 safe characters). */
export const placeOrderHeaders = z.looseObject({
  'idempotency-key': z
    .string()
    .regex(/^[A-Za-z0-9_.:-]{8,128}$/, 'must be 8–128 letters, digits, _ . : -')
    .optional(),
});

export const personOrderParams = z.object({ personId: idParam, orderId: idParam });
export const personOrdersQuery = z.object({
  page: z
    .string()
    .regex(/^\d{1,6}$/)
    .transform(Number)
    .optional(),
  size: z
    .string()
    .regex(/^[1-9]\d?$/, 'must be a whole number from 1 to 99')
    .transform(Number)
    .optional(),
});

export const orderLine = z.object({
  id,
  menu: z.object({ id }),
  name: localizedText,
  count: z.number().int().positive(),
  price: minorAmount,
  modifiers: z.array(
    z.object({
      id,
      modifierId: id,
      name: localizedText,
      count: z.number().int().positive(),
      price: minorAmount,
    }),
  ),
  sum: minorAmount,
  /** The promo code's share. */
  discount: minorAmount,
  /** The points' share (decision 55). */
  bonusDiscount: minorAmount,
  payableAmount: minorAmount,
  /** 'dish' chosen; 'free' a condiment by persons; 'gift' a promotion's gift (both 0 ₽; decision 56). */
  kind: z.enum(ORDER_LINE_KINDS),
});

export const orderHistoryEntry = z.object({
  status: orderStatus,
  at: z.string(),
  /** 'customer', 'staff', 'system'. */
  by: z.string(),
});

export const orderSummary = z.object({
  id,
  /** What a person says on the phone: the restaurant's letter and a daily counter, e.g. 'Б-042'. */
  number: z.string(),
  status: orderStatus,
  paymentStatus,
  restoId: id,
  restoName: localizedText,
  deliveryType: customerDeliveryMethod,
  payType: paymentMethod,
  currency: z.string().length(3),
  createdAt: z.string(),
  /** When the customer is told to expect it (ISO 8601 UTC). */
  promisedAt: z.string(),
  preOrderAt: z.string().nullable(),
  sum: minorAmount,
  discount: minorAmount,
  deliveryPrice: minorAmount,
  payable: minorAmount,
  positionsCount: z.number().int().nonnegative(),
  canCancel: z.boolean(),
});

export const order = orderSummary.extend({
  timezone: z.string(),
  promoCode: z.string().nullable(),
  personCount: z.number().int().positive(),
  comment: z.string().nullable(),
  person: z.object({ name: z.string(), phone: z.string(), email: z.string().nullable() }),
  /** DELIVERY: where it goes; TAKE_AWAY: null (the restaurant's own address is the pickup point). */
  address: z.string().nullable(),
  location: latLng.nullable(),
  deliveryPlace: orderDeliveryDetails.nullable(),
  lines: z.array(orderLine),
  history: z.array(orderHistoryEntry),
  /** Online payment: its attempt, where to pay, why it failed, refunds (contracts/payments.ts). */
  payment: orderPayment,
  /** Points spent on the order and what it earns (decision 55). */
  bonus: orderBonus,
  /** Why the restaurant declined, in the customer's language; null unless declined. */
  declineReason: z
    .object({
      code: z.string(),
      message: z.string(),
      /** The restaurant's own words when it cancelled the order in its POS (iiko's cancel cause). */
      cause: z.string().optional(),
    })
    .nullable(),
});
export type Order = z.infer<typeof order>;
export type OrderSummary = z.infer<typeof orderSummary>;

export const personOrdersResponse = z.object({
  content: z.array(orderSummary),
  page: z.number().int().nonnegative(),
  size: z.number().int().positive(),
  totalElements: z.number().int().nonnegative(),
});

/** 4xx of a cart problem at placement: the error body with every problem, as the preflight lists them. */
export const orderRefusedBody = errorBody.extend({ preflight: preflightResponse.optional() });
