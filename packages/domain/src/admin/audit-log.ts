/**
 * What the back office's audit log records (decision 45): the kinds of rows it versions and the changes made to
 * them. Dishes are the first kind; each further entity of the back office adds its name here.
 */
export const AUDIT_ENTITY_KINDS = ['dish'] as const;
export type AuditEntityKind = (typeof AUDIT_ENTITY_KINDS)[number];

export const AUDIT_ACTIONS = ['update', 'bulk-price', 'revert'] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
