/**
 * What the back office's audit log records (decision 45): the kinds of rows it versions and the changes made to
 * them. Dishes are the first kind; each further entity of the back office adds its name here. A menu's groups'
 * order (entity id: the menu) and a group's dishes' order (entity id: the group) are entities of their own: one
 * entry per reorder, its before and after the ids in order.
 */
export const AUDIT_ENTITY_KINDS = [
  'dish',
  'group',
  'menu-group-order',
  'group-dish-order',
  'menu',
  'modifier-group',
  'time-slot',
  'staff',
  'menu-import',
  'city',
  'resto',
  'opening-hours',
  'special-day',
  'zone',
  'promotion',
  'promo-code',
  'promo-code-batch',
  'brand-settings',
  'brand-page',
  // A restaurant's link to the point-of-sale system (entity id: the restaurant); its revert links or unlinks back.
  'pos-link',
  // The brand's bonus program (entity id: 0, one per brand); its revert restores the previous program.
  'bonus-program',
  // A customer's points adjusted by staff (entity id: the ledger row); its revert adds the opposite adjustment.
  'bonus-adjustment',
  // Money refunded for a done order by staff (entity id: the refund); not revertible, money cannot be taken back.
  'order-refund',
] as const;
export type AuditEntityKind = (typeof AUDIT_ENTITY_KINDS)[number];

export const AUDIT_ACTIONS = [
  'update',
  'bulk-price',
  'revert',
  'create',
  'reorder',
  'password-reset',
  'totp-reset',
  'delete',
  'import',
  // A dish's or a group's photo added or taken off (decision 46); the entry holds the photo list.
  'photo-add',
  'photo-remove',
  // A batch of single-use promo codes made for a campaign (decision 53); its revert deactivates the unused ones.
  'generate',
  // A login's sign-in block lifted by an owner or a manager; the entry holds the wrong answers it had.
  'unlock',
  // Points given or taken by staff (decision 55).
  'adjust',
  // Money sent back to a customer (decision 55).
  'refund',
] as const;

export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/**
 * Actions a revert refuses (409 admin.not-revertible): a creation, a reset (no secret is kept to restore), an import
 * (import the previous file instead) and an unlock (blocking a login again is not a change anyone asks for).
 */
export const NOT_REVERTIBLE_ACTIONS: readonly AuditAction[] = [
  'create',
  'password-reset',
  'totp-reset',
  'import',
  'unlock',
  'refund',
];
