import {
  type AdminPosChoices,
  type AdminPosLink,
  type AdminPosLinkPut,
  POS_PAYMENT_METHODS,
  type PosPaymentMethod,
} from '@storefront/domain/contracts';

/*
 * The link's form: organization → terminal group → a payment type per payment method the restaurant offers, checked
 * here by the server's rules before sending (each id one iiko lists, every offered method mapped), so a mistake
 * shows at its picker without a round trip.
 */

export interface LinkForm {
  organizationId: string;
  terminalGroupId: string;
  paymentTypes: Partial<Record<PosPaymentMethod, string>>;
}

export const EMPTY_FORM: LinkForm = { organizationId: '', terminalGroupId: '', paymentTypes: {} };

export function formOfLink(link: AdminPosLink): LinkForm {
  if (!link.link) return EMPTY_FORM;
  return {
    organizationId: link.link.organizationId,
    terminalGroupId: link.link.terminalGroupId,
    paymentTypes: { ...link.link.paymentTypes },
  };
}

type Organization = AdminPosChoices['organizations'][number];

/** iiko's paymentTypeKind each of our methods is usually booked as: a single match is picked for the person. */
const USUAL_KIND: Record<PosPaymentMethod, string> = {
  'card-online': 'external',
  card: 'card',
  cash: 'cash',
};

/**
 * Another organization picked: its terminal group is picked when it has one enabled, and each offered method gets
 * the organization's only payment type of its usual kind; the rest is left for the person.
 */
export function withOrganization(
  organization: Organization | undefined,
  methods: readonly PosPaymentMethod[],
): LinkForm {
  if (!organization) return EMPTY_FORM;
  const enabled = organization.terminalGroups.filter((g) => g.enabled);
  const paymentTypes: LinkForm['paymentTypes'] = {};
  for (const method of methods) {
    const usual = organization.paymentTypes.filter((t) => t.kind.toLowerCase() === USUAL_KIND[method]);
    if (usual.length === 1 && usual[0]) paymentTypes[method] = usual[0].id;
  }
  return {
    organizationId: organization.id,
    terminalGroupId: enabled.length === 1 && enabled[0] ? enabled[0].id : '',
    paymentTypes,
  };
}

export type LinkFormField = 'organizationId' | 'terminalGroupId' | `paymentTypes.${PosPaymentMethod}`;

/** What is wrong, per field: 'required', or the server's code for an id iiko does not list. */
export function linkFormProblems(
  form: LinkForm,
  choices: AdminPosChoices | undefined,
  methods: readonly PosPaymentMethod[],
): Partial<Record<LinkFormField, string>> {
  const problems: Partial<Record<LinkFormField, string>> = {};
  if (!form.organizationId) problems.organizationId = 'required';
  const organization = choices?.organizations.find((o) => o.id === form.organizationId);
  if (form.organizationId && choices && !organization) problems.organizationId = 'pos.organization-unknown';
  if (!form.terminalGroupId) problems.terminalGroupId = 'required';
  else if (organization && !organization.terminalGroups.some((g) => g.id === form.terminalGroupId))
    problems.terminalGroupId = 'pos.terminal-group-unknown';
  for (const method of POS_PAYMENT_METHODS) {
    const typeId = form.paymentTypes[method];
    if (!typeId) {
      if (methods.includes(method)) problems[`paymentTypes.${method}`] = 'required';
      continue;
    }
    if (organization && !organization.paymentTypes.some((t) => t.id === typeId))
      problems[`paymentTypes.${method}`] = 'pos.payment-type-unknown';
  }
  return problems;
}

/** The PUT's body: the offered methods' types only (a type left from a method no longer offered is not sent). */
export function linkBodyOf(form: LinkForm, methods: readonly PosPaymentMethod[]): AdminPosLinkPut {
  const paymentTypes: LinkForm['paymentTypes'] = {};
  for (const method of methods) {
    const typeId = form.paymentTypes[method];
    if (typeId) paymentTypes[method] = typeId;
  }
  return { organizationId: form.organizationId, terminalGroupId: form.terminalGroupId, paymentTypes };
}

/** Whether the form differs from the link as saved. */
export function formChanged(
  form: LinkForm,
  link: AdminPosLink,
  methods: readonly PosPaymentMethod[],
): boolean {
  if (!link.link) return form.organizationId !== '';
  const saved = linkBodyOf(formOfLink(link), methods);
  const now = linkBodyOf(form, methods);
  return JSON.stringify(saved) !== JSON.stringify(now);
}
