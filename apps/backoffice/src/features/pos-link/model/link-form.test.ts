import type { AdminPosChoices, AdminPosLink, AdminPosLogEntry } from '@storefront/domain/contracts';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { EMPTY_FORM, formChanged, linkBodyOf, linkFormProblems, withOrganization } from './link-form.ts';
import { summaryLines } from './log-summary.ts';

const organization: AdminPosChoices['organizations'][number] = {
  id: 'org',
  name: 'Орг',
  terminalGroups: [
    { id: 'a', name: 'A', address: null, enabled: true },
    { id: 'b', name: 'B', address: null, enabled: false },
  ],
  paymentTypes: [
    { id: 'cash', name: 'Нал', kind: 'Cash' },
    { id: 'card1', name: 'Карта 1', kind: 'Card' },
    { id: 'card2', name: 'Карта 2', kind: 'CARD' },
  ],
};
const choices: AdminPosChoices = { provider: 'iiko', fetchedAt: '', organizations: [organization] };

describe('the link form', () => {
  it('picks the only enabled group and a type only when one is of the usual kind', () => {
    const form = withOrganization(organization, ['card', 'cash', 'card-online']);
    expect(form).toEqual({ organizationId: 'org', terminalGroupId: 'a', paymentTypes: { cash: 'cash' } });
    expect(withOrganization(undefined, ['cash'])).toEqual(EMPTY_FORM);
  });

  it('names each missing or unknown choice by the server’s codes', () => {
    expect(linkFormProblems(EMPTY_FORM, choices, ['cash'])).toEqual({
      organizationId: 'required',
      terminalGroupId: 'required',
      'paymentTypes.cash': 'required',
    });
    expect(
      linkFormProblems(
        { organizationId: 'org', terminalGroupId: 'zzz', paymentTypes: { cash: 'nope', card: 'card1' } },
        choices,
        ['cash'],
      ),
    ).toEqual({
      terminalGroupId: 'pos.terminal-group-unknown',
      'paymentTypes.cash': 'pos.payment-type-unknown',
    });
    expect(linkFormProblems({ ...EMPTY_FORM, organizationId: 'gone' }, choices, [])).toMatchObject({
      organizationId: 'pos.organization-unknown',
    });
    // A disabled group may be linked: the login may be granted it later.
    expect(
      linkFormProblems({ organizationId: 'org', terminalGroupId: 'b', paymentTypes: {} }, choices, []),
    ).toEqual({});
  });

  it('sends the offered methods’ types only, and tells a change from the saved link', () => {
    const form = {
      organizationId: 'org',
      terminalGroupId: 'a',
      paymentTypes: { cash: 'cash', card: 'card1' },
    };
    expect(linkBodyOf(form, ['cash'])).toEqual({
      organizationId: 'org',
      terminalGroupId: 'a',
      paymentTypes: { cash: 'cash' },
    });
    const link = {
      linked: true,
      link: { organizationId: 'org', terminalGroupId: 'a', paymentTypes: { cash: 'cash' } },
    } as AdminPosLink;
    expect(formChanged(form, link, ['cash'])).toBe(false);
    expect(formChanged({ ...form, terminalGroupId: 'b' }, link, ['cash'])).toBe(true);
  });
});

describe('a log entry in words', () => {
  const t = ((key: string, values?: Record<string, unknown>) =>
    values ? `${key} ${JSON.stringify(values)}` : key) as unknown as TFunction;
  const entry = (
    summary: Record<string, unknown>,
    kind: AdminPosLogEntry['kind'] = 'sync',
  ): AdminPosLogEntry => ({
    id: 1,
    at: '2026-11-20T09:00:00.000Z',
    kind,
    ok: true,
    restoId: null,
    organizationId: 'org',
    orderId: null,
    summary,
    error: null,
    errorMessage: null,
  });

  it('lists what a sync added, hid and failed, with "and N more" past eight names', () => {
    const names = Array.from({ length: 10 }, (_, i) => `Блюдо ${i + 1}`);
    const lines = summaryLines(
      entry({
        added: names,
        changed: [],
        hidden: ['Старое'],
        failed: [{ name: 'Сет', reason: '404' }],
        revision: 3,
      }),
      t,
      'ru',
    );
    expect(lines.map((l) => l.key)).toEqual(['added', 'hidden', 'failed']);
    expect(lines[0]?.text).toContain('Блюдо 8 summary_more {"count":2}');
    expect(lines[2]?.text).toBe('Сет — 404');
    const skipped = summaryLines(
      entry({ skipped: [{ name: 'Север', reason: 'pos.zone-exists' }] }, 'zones'),
      t,
      'en',
    );
    expect(skipped[0]?.text).toBe('Север — The restaurant already has a zone of this name');
  });

  it('reads an order’s number, sum and items, a status and a field it does not know', () => {
    const lines = summaryLines(
      entry(
        {
          number: 'Б-042',
          sum: 125_000,
          items: [{ name: 'Ролл', count: 2, modifiers: [{ name: 'Соус', count: 1 }] }],
          posStatus: 'Cancelled',
          status: 'declined',
          cause: 'Клиент отказался',
          externalOrderId: 'uuid',
          shift: 'night',
        },
        'order',
      ),
      t,
      'ru',
    );
    const texts = lines.map((l) => l.text);
    expect(texts).toContain('summary_number {"number":"Б-042"}');
    expect(texts.find((x) => x.startsWith('summary_sum'))).toMatch(/1\s?250/);
    expect(texts).toContain('Ролл ×2 (Соус ×1)');
    expect(texts).toContain(
      'summary_status {"pos":"Cancelled","ours":"order_status_declined {\\"defaultValue\\":\\"declined\\"}"}',
    );
    expect(texts).toContain('summary_cause {"cause":"Клиент отказался"}');
    expect(texts).toContain('night');
    expect(texts.join(' ')).not.toContain('uuid');
  });

  it('names a step the POS made by our status’s words, without raw from and to lines', () => {
    const lines = summaryLines(
      entry({ from: 'accepted', to: 'cooking', posStatus: 'CookingStarted', source: 'webhook' }, 'status'),
      t,
      'ru',
    );
    expect(lines.map((l) => l.text)).toEqual([
      'summary_status {"pos":"CookingStarted","ours":"order_status_cooking {\\"defaultValue\\":\\"cooking\\"}"}',
    ]);
  });

  it('reads our cancel sent on to iiko and a take-over in words', () => {
    const lines = summaryLines(
      entry({ number: 'Б-7', withdrawn: 'canceled', cancel: 'refused', externalOrderId: 'u' }, 'order'),
      t,
      'ru',
    );
    expect(lines.map((l) => l.key)).toEqual(['number', 'withdrawn', 'cancel']);
    expect(lines[2]?.text).toBe('summary_cancel_refused {"defaultValue":"refused"}');
    const taken = summaryLines(entry({ takenOver: true, posStatus: 'Cancelled' }, 'order'), t, 'ru');
    expect(taken.map((l) => l.key)).toContain('takenOver');
  });

  it('says a sync that changed nothing', () => {
    expect(summaryLines(entry({ added: [], revision: 3 }), t, 'ru').map((l) => l.key)).toEqual(['unchanged']);
  });
});
