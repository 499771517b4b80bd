import type { Minor, Nutrition } from '@storefront/domain';

/*
 * The chain's point-of-sale system, in our terms (decision 54). iiko is the one adapter today
 * (iiko-pos-adapter.ts); r_keeper would be a second implementation of this interface. `none` (no adapter) is
 * the embedded default: our own order board is then the kitchen's. Money is in minor units here: the adapter
 * converts to and from the POS's own (iiko's roubles). Ids of the POS are strings.
 */

/** Why a POS call failed, in words the board and the sync log show (the codes are in domain errors). */
export type PosFailure =
  /** The POS answered, and refused: a validation error, a stop-list, a deleted product. */
  | 'rejected'
  /** The terminal group did not take the order within the POS's own transport timeout. */
  | 'terminal-offline'
  /** No answer within IIKO_TIMEOUT_MS: the outcome is unknown and the call is repeated. */
  | 'timeout'
  /** 5xx, a refused connection, an unreadable answer. */
  | 'unavailable'
  /** The API login was refused. */
  | 'auth'
  /** The POS does not know the organization, terminal group or order ("not found", iiko's 400). */
  | 'not-found';

export class PosError extends Error {
  constructor(
    readonly failure: PosFailure,
    /** The POS's own words, for the log; never a token or login. */
    message: string,
  ) {
    super(message);
    this.name = 'PosError';
  }
}

export interface PosOrganization {
  id: string;
  name: string;
}

export interface PosTerminalGroup {
  id: string;
  organizationId: string;
  name: string;
  address: string | null;
  /** False for a group the API login was not granted (listed only because we ask with includeDisabled). */
  enabled: boolean;
  /** The terminal's IANA time zone when the POS says it ('Europe/Moscow'); completeBefore is in its local time. */
  timeZone: string | null;
}

export interface PosPaymentType {
  id: string;
  name: string;
  /** iiko's paymentTypeKind: 'Cash', 'Card', 'External', … */
  kind: string;
  deleted: boolean;
}

export interface PosMenuGroup {
  id: string;
  name: string;
  parentId: string | null;
  order: number;
  /** Deleted or not included in the menu in the POS: hidden here, never deleted. */
  hidden: boolean;
  imageUrls: string[];
}

export interface PosModifierItem {
  /** The modifier product's id. */
  id: string;
  name: string;
  price: Minor;
  min: number;
  max: number;
  defaultAmount: number;
  hidden: boolean;
}

export interface PosModifierGroup {
  /** The group modifier's id (an order's modifier names it as productGroupId). */
  id: string;
  name: string;
  min: number;
  max: number;
  items: PosModifierItem[];
}

export interface PosDishSize {
  /** Null for a product sold in one size. */
  sizeId: string | null;
  sizeName: string | null;
  price: Minor;
  /** iiko's isIncludedInMenu: a size not in the menu is not sold. */
  inMenu: boolean;
}

export interface PosDish {
  id: string;
  code: string | null;
  name: string;
  description: string;
  groupId: string | null;
  order: number;
  /** Deleted in the POS: hidden here, never deleted (past orders keep their lines). */
  hidden: boolean;
  sizes: PosDishSize[];
  /** The portion's weight in grams, when the POS gives it. */
  weightGrams: number | null;
  nutrition: Nutrition | null;
  imageUrls: string[];
  modifierGroups: PosModifierGroup[];
}

/** An organization's nomenclature since a revision: everything the POS sells, resolved to dishes and groups. */
export interface PosMenu {
  revision: number;
  groups: PosMenuGroup[];
  dishes: PosDish[];
}

export interface PosStopListItem {
  productId: string;
  sizeId: string | null;
  /** What is left; 0 = none (unavailable). */
  balance: number;
}

export interface PosStopList {
  organizationId: string;
  terminalGroupId: string;
  items: PosStopListItem[];
}

export interface PosDeliveryZone {
  name: string;
  /** [lat, lng] pairs. */
  polygon: [number, number][];
}

export interface PosDeliveryRestriction {
  zone: string;
  terminalGroupId: string | null;
  minSum: Minor;
  /** Minutes from midnight, or null for all day. */
  fromMinute: number | null;
  toMinute: number | null;
  priority: number;
  durationMinutes: number | null;
  deliveryPrice: Minor | null;
}

export interface PosDeliveryRestrictions {
  zones: PosDeliveryZone[];
  restrictions: PosDeliveryRestriction[];
}

export interface PosOrderModifier {
  productId: string;
  /** The group modifier's id; null for a single modifier. */
  productGroupId: string | null;
  amount: number;
  price: Minor;
}

export interface PosOrderItem {
  productId: string;
  sizeId: string | null;
  amount: number;
  price: Minor;
  modifiers: PosOrderModifier[];
  comment: string | null;
}

export interface PosOrderPayment {
  paymentTypeId: string;
  /** iiko's paymentTypeKind of that type. */
  kind: string;
  sum: Minor;
  /** Paid online: processed and fiscalized by us (we send the 54-FZ receipt). */
  processedExternally: boolean;
}

/** One of our orders as the POS books it. */
export interface PosDeliveryOrder {
  organizationId: string;
  terminalGroupId: string;
  /** Derived from our order (a UUID): resending it never makes a second order. */
  id: string;
  /** Our order's number as the customer knows it ('Б-042'). */
  externalNumber: string;
  /** 'yyyy-MM-dd HH:mm:ss.fff' in the terminal's local time; null = as soon as possible. */
  completeBefore: string | null;
  phone: string;
  method: 'delivery' | 'take-away';
  address: {
    text: string;
    lat: number | null;
    lng: number | null;
    apartment: string | null;
    entrance: string | null;
    floor: string | null;
    intercom: string | null;
  } | null;
  customerName: string;
  guests: number;
  items: PosOrderItem[];
  payments: PosOrderPayment[];
  comment: string | null;
}

export type PosCreationStatus = 'Success' | 'InProgress' | 'Error';

export interface PosCreation {
  correlationId: string;
  status: PosCreationStatus;
  /** Set with 'Error': why, coded. */
  failure: PosFailure | null;
  message: string | null;
}

/** A reason the POS offers for cancelling a delivery ('Отказ гостя'). */
export interface PosCancelCause {
  id: string;
  name: string;
  deleted: boolean;
}

/** An order as the POS has it now. */
export interface PosOrderState {
  id: string;
  organizationId: string;
  creationStatus: PosCreationStatus;
  /** iiko's delivery status ('Unconfirmed', 'WaitCooking', …, 'Cancelled'); null while not created. */
  status: string | null;
  /** The cancel cause's name when Cancelled. */
  cancelCause: string | null;
  failure: PosFailure | null;
  message: string | null;
}

/** What a webhook call told us, in our terms; the route has already checked its token. */
export type PosEvent =
  | { kind: 'order'; organizationId: string; order: PosOrderState }
  | { kind: 'stop-list'; organizationId: string }
  | { kind: 'menu'; organizationId: string };

/** One brand's POS account (IIKO_API_LOGINS names its login). */
export interface PosAdapter {
  readonly provider: 'iiko';
  organizations(): Promise<PosOrganization[]>;
  /** Every terminal group, disabled ones included. */
  terminalGroups(organizationIds: string[]): Promise<PosTerminalGroup[]>;
  paymentTypes(organizationId: string): Promise<PosPaymentType[]>;
  /** The nomenclature since `revision` (0 the first time). */
  menu(organizationId: string, revision: number): Promise<PosMenu>;
  stopLists(organizationIds: string[]): Promise<PosStopList[]>;
  /** Needs the login's extra rights; a refusal is a PosError('rejected'). */
  setStopped(
    organizationId: string,
    terminalGroupId: string,
    items: { productId: string; sizeId: string | null }[],
    stopped: boolean,
  ): Promise<void>;
  deliveryRestrictions(organizationIds: string[]): Promise<PosDeliveryRestrictions>;
  createDelivery(order: PosDeliveryOrder): Promise<PosCreation>;
  commandStatus(organizationId: string, correlationId: string): Promise<PosCreation>;
  /** The reasons the POS lists for cancelling a delivery (iiko's cancel causes), deleted ones included. */
  cancelCauses(organizationId: string): Promise<PosCancelCause[]>;
  /**
   * Cancels a delivery the POS has. Asynchronous like a creation: followed by commandStatus with the answered
   * correlation id (an 'Error' there is the POS's refusal: the order is cooked or closed). A cause is optional.
   */
  cancelDelivery(organizationId: string, orderId: string, cancelCauseId: string | null): Promise<PosCreation>;
  ordersById(organizationId: string, orderIds: string[]): Promise<PosOrderState[]>;
  /** Orders changed since `revision`: the catch-up when webhooks stop. */
  ordersByRevision(
    organizationIds: string[],
    revision: number,
  ): Promise<{ revision: number; orders: PosOrderState[] }>;
  registerWebhook(organizationId: string, uri: string, authToken: string): Promise<void>;
  /** The events in one webhook call's body (an array of iiko events); unknown event types are skipped. */
  parseWebhook(body: unknown): PosEvent[];
}

/** The adapters an instance has, per brand: none for a brand without an API login. */
export type PosAdapters = (whiteLabel: string) => PosAdapter | null;
