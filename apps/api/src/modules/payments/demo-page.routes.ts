import { createHash } from 'node:crypto';
import {
  formatMoney,
  type Locale,
  type OnlinePayMethod,
  PAYMENT_CANCELLATION_REASONS,
  type PaymentCancellationReason,
  paymentFailureText,
  pickText,
} from '@storefront/domain';
import { type BrandConfig, demoPaymentParams, errorBody } from '@storefront/domain/contracts';
import { and, eq } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { escapeHtml } from '../../core/html.ts';
import { payments } from '../../db/schema.ts';
import {
  type DemoDecision,
  decideDemoPayment,
  readDemoPayment,
} from '../../integrations/payments/demo-gateway.ts';
import { requestLocale } from '../../plugins/error-handler.ts';
import type { PaymentsContext } from './payments-context.ts';
import { settlePayment } from './settle-payment.ts';

export interface DemoPageRoutesOptions {
  payments: PaymentsContext;
  brand: Pick<BrandConfig, 'name'>;
}

/**
 * The demo engine's payment page (decision 22): served by the app itself, it takes no money. The customer pays,
 * is declined with a chosen reason, or walks back to the shop; the form posts back here, the demo books
 * change, the payment is settled at once (the in-process twin of a provider's notification) and the customer
 * is sent to the return page. Any input answers a page, never a 500.
 */

/** An HTML page (documented as a string; the 400 of a malformed path is the usual JSON refusal). */
const HTML_PAGE = z.string().describe('An HTML page (text/html)');

const DEMO_ID = /^[A-Za-z0-9-]{1,64}$/;

const T = {
  title: { ru: 'Демо-оплата', en: 'Demo payment' },
  demo: {
    ru: 'Это демонстрационная страница оплаты: деньги не списываются, карта не нужна.',
    en: 'This is a demo payment page: no money is taken and no card is needed.',
  },
  pay: { ru: 'Оплатить', en: 'Pay' },
  sbpScan: { ru: 'Отсканируйте QR-код в приложении банка', en: 'Scan the QR code in your bank’s app' },
  sbpPay: { ru: 'Оплатить в приложении банка', en: 'Pay in the bank’s app' },
  sbpHint: {
    ru: 'На телефоне кнопка откроет приложение банка; здесь она оплачивает демо-платёж.',
    en: 'On a phone the button opens the bank’s app; here it pays the demo payment.',
  },
  sberpayPay: { ru: 'Оплатить через SberPay', en: 'Pay with SberPay' },
  sberpayHint: {
    ru: 'Оплата подтверждается в СберБанк Онлайн; здесь кнопка оплачивает демо-платёж.',
    en: 'The payment is confirmed in SberBank Online; here the button pays the demo payment.',
  },
  decline: { ru: 'Отклонить платёж', en: 'Decline the payment' },
  reason: { ru: 'Причина отказа', en: 'Reason' },
  abandon: { ru: 'Вернуться в магазин без оплаты', en: 'Back to the shop without paying' },
  notFound: { ru: 'Платёж не найден', en: 'Payment not found' },
  bad: { ru: 'Непонятный запрос', en: 'The request is not understood' },
  done: { ru: 'Этот платёж уже завершён', en: 'This payment is already finished' },
  back: { ru: 'Вернуться в магазин', en: 'Back to the shop' },
};

function page(locale: Locale, title: string, body: string) {
  return `<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem;color:#222}
.demo{background:#fff3cd;border:1px solid #e0c36a;padding:.75rem;border-radius:.5rem}
.amount{font-size:2rem;font-weight:700;margin:.5rem 0}form{margin:1rem 0}button{font-size:1rem;padding:.6rem 1rem;margin:.25rem 0;max-width:100%;white-space:normal}
button{cursor:pointer;border-radius:.5rem;border:1px solid #888;background:#fff}button.pay{background:#1a7f37;color:#fff;border-color:#1a7f37}
fieldset{border:1px solid #ccc;border-radius:.5rem;margin:0 0 .5rem;padding:.5rem .75rem;min-width:0}legend{padding:0 .25rem}
.reason{display:flex;gap:.5rem;align-items:flex-start;padding:.3rem 0;overflow-wrap:anywhere}.reason input{margin:.2rem 0 0;flex:none}
.method{border:1px solid #ccc;border-radius:.5rem;padding:.75rem;margin:1rem 0;text-align:center}.method p{margin:.25rem 0}
.qr{width:12rem;height:12rem;max-width:100%;display:block;margin:.5rem auto;background:#fff}.hint{color:#555;font-size:.875rem}
button.sberpay{background:#21a038;border-color:#21a038}.icon{vertical-align:-.15em;margin-right:.4rem}</style>
</head><body>${body}</body></html>`;
}

/**
 * A QR-like picture drawn from the payment's id (decision 55): the demo has no bank to scan it, so it only has to
 * look like the QR code a real SBP page shows on a desktop. 21 × 21 modules with the three corner squares.
 */
function demoQr(id: string): string {
  const bits = createHash('sha256').update(id).digest();
  const size = 21;
  const corner = (x: number, y: number) =>
    [
      [0, 0],
      [size - 7, 0],
      [0, size - 7],
    ].find(([cx = 0, cy = 0]) => x >= cx && x < cx + 7 && y >= cy && y < cy + 7);
  const cells: string[] = [];
  for (let y = 0; y < size; y += 1)
    for (let x = 0; x < size; x += 1) {
      const at = corner(x, y);
      let dark: boolean;
      if (at) {
        const [cx = 0, cy = 0] = at;
        const ring = Math.max(Math.abs(x - cx - 3), Math.abs(y - cy - 3));
        dark = ring !== 2;
      } else {
        const n = y * size + x;
        dark = (((bits[n % bits.length] ?? 0) >> (n % 8)) & 1) === 1;
      }
      if (dark) cells.push(`<rect x="${x + 2}" y="${y + 2}" width="1" height="1"/>`);
    }
  return `<svg class="qr" viewBox="0 0 25 25" role="img" aria-hidden="true" shape-rendering="crispEdges" data-testid="demo-sbp-qr"><rect width="25" height="25" fill="#fff"/><g fill="#000">${cells.join('')}</g></svg>`;
}

/** A phone drawn inline: an emoji needs a font the customer's machine may lack. */
const PHONE_ICON =
  '<svg class="icon" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" fill="none" stroke="currentColor" stroke-width="1.5">' +
  '<rect x="4" y="1.5" width="8" height="13" rx="1.5"/><path d="M7 12h2"/></svg>';

/** The pay button of the method the payment was created with: a card's as ever, SBP's QR and app, SberPay's. */
function payBlock(method: OnlinePayMethod, id: string, action: string, locale: Locale): string {
  const word = (text: { ru: string; en: string }) => escapeHtml(pickText(text, locale));
  const form = (label: string, extra = '') =>
    `<form method="post" action="${action}"><input type="hidden" name="action" value="pay">` +
    `<button class="pay${extra}" type="submit" data-testid="demo-pay">${label}</button></form>`;
  switch (method) {
    case 'card':
      return form(word(T.pay));
    case 'sbp':
      return `<section class="method" data-testid="demo-method" data-method="sbp"><p><strong>${word(T.sbpScan)}</strong></p>
${demoQr(id)}${form(`${PHONE_ICON}${word(T.sbpPay)}`)}<p class="hint">${word(T.sbpHint)}</p></section>`;
    case 'sberpay':
      return `<section class="method" data-testid="demo-method" data-method="sberpay">
${form(word(T.sberpayPay), ' sberpay')}<p class="hint">${word(T.sberpayHint)}</p></section>`;
  }
}

const sendPage = (reply: FastifyReply, status: number, html: string) =>
  reply
    .code(status)
    .header('cache-control', 'no-store')
    .header('x-robots-tag', 'noindex')
    .type('text/html; charset=utf-8')
    .send(html);

export const demoPageRoutes: FastifyPluginAsyncZod<DemoPageRoutesOptions> = async (
  app,
  { payments: ctx, brand },
) => {
  // The page's form; parsed here only (this plugin's scope), small, as a string.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );

  const word = (text: { ru: string; en: string }, locale: Locale) => escapeHtml(pickText(text, locale));
  const notFound = (reply: FastifyReply, locale: Locale) =>
    sendPage(reply, 404, page(locale, pickText(T.notFound, locale), `<h1>${word(T.notFound, locale)}</h1>`));

  app.get(
    '/api/v1/payments/demo/pay/:paymentId',
    {
      schema: {
        tags: ['payments'],
        summary: 'The demo engine’s payment page (HTML): pay, decline with a reason, or walk away',
        description: 'No money is taken. 404 page for an unknown payment.',
        params: demoPaymentParams,
        produces: ['text/html'],
        response: { 200: HTML_PAGE, 400: errorBody, 404: HTML_PAGE },
      },
    },
    async (request, reply) => {
      const locale = requestLocale(request);
      // Not a demo id (e.g. a NUL PostgreSQL text refuses): no such payment, without asking the database.
      if (!DEMO_ID.test(request.params.paymentId)) return notFound(reply, locale);
      const payment = await readDemoPayment(ctx.db, request.params.paymentId, ctx.now());
      if (!payment) return notFound(reply, locale);
      const brandName = escapeHtml(pickText(brand.name, locale));
      const action = `/api/v1/payments/demo/pay/${encodeURIComponent(payment.id)}`;
      const amount = escapeHtml(formatMoney(payment.amount, payment.currency, locale));
      if (payment.status !== 'pending') {
        const body = `<p class="demo">${word(T.demo, locale)}</p><h1>${brandName}</h1>
<p>${escapeHtml(payment.description)}</p><p class="amount">${amount}</p><p>${word(T.done, locale)}</p>
<p><a href="${escapeHtml(payment.returnUrl)}">${word(T.back, locale)}</a></p>`;
        return sendPage(reply, 200, page(locale, pickText(T.title, locale), body));
      }
      // Radios, not a drop-down: a phone's select shows one reason cut to its width; each reason here wraps whole.
      const reasons = PAYMENT_CANCELLATION_REASONS.map(
        (reason, index) =>
          `<label class="reason"><input type="radio" name="reason" value="${reason}"${index === 0 ? ' checked' : ''}>` +
          `<span>${escapeHtml(pickText(paymentFailureText(reason), locale))}</span></label>`,
      ).join('');
      const body = `<p class="demo" data-testid="demo-notice">${word(T.demo, locale)}</p>
<h1>${brandName}</h1><p>${escapeHtml(payment.description)}</p><p class="amount" data-testid="demo-amount">${amount}</p>
${payBlock(payment.method, payment.id, action, locale)}
<form method="post" action="${action}"><input type="hidden" name="action" value="decline">
<fieldset data-testid="demo-decline-reason"><legend>${word(T.reason, locale)}</legend>${reasons}</fieldset>
<button type="submit" data-testid="demo-decline">${word(T.decline, locale)}</button></form>
<form method="post" action="${action}"><input type="hidden" name="action" value="abandon">
<button type="submit" data-testid="demo-abandon">${word(T.abandon, locale)}</button></form>`;
      return sendPage(reply, 200, page(locale, pickText(T.title, locale), body));
    },
  );

  app.post(
    '/api/v1/payments/demo/pay/:paymentId',
    {
      schema: {
        tags: ['payments'],
        summary: 'The demo page’s form: action=pay|decline|abandon, reason (a cancellation reason)',
        description:
          'Changes only a pending demo payment (paying twice changes nothing), settles it at once and answers ' +
          '303 to the shop’s return page. 400 page for a bad action or reason, 404 page for an unknown payment.',
        params: demoPaymentParams,
        produces: ['text/html'],
        // A 400 is the page for a bad action or reason, or the usual JSON refusal of a path or body refused
        // before the handler (a 65-character id, a body the JSON parser refuses): both must serialize.
        response: {
          303: z.null().describe('To the shop’s return page'),
          400: z.union([HTML_PAGE, errorBody]),
          404: HTML_PAGE,
        },
      },
    },
    async (request, reply) => {
      const locale = requestLocale(request);
      const form = (typeof request.body === 'object' && request.body !== null ? request.body : {}) as Record<
        string,
        unknown
      >;
      const bad = () =>
        sendPage(reply, 400, page(locale, pickText(T.bad, locale), `<h1>${word(T.bad, locale)}</h1>`));
      let decision: DemoDecision;
      if (form.action === 'pay') decision = { action: 'pay' };
      else if (form.action === 'abandon') decision = { action: 'abandon' };
      else if (
        form.action === 'decline' &&
        (PAYMENT_CANCELLATION_REASONS as readonly unknown[]).includes(form.reason)
      )
        decision = { action: 'decline', reason: form.reason as PaymentCancellationReason };
      else return bad();
      if (!DEMO_ID.test(request.params.paymentId)) return notFound(reply, locale);
      const payment = await decideDemoPayment(ctx.db, request.params.paymentId, decision, ctx.now());
      if (!payment) return notFound(reply, locale);
      const [ours] = await ctx.db
        .select({ id: payments.id })
        .from(payments)
        .where(and(eq(payments.engine, 'demo'), eq(payments.providerPaymentId, payment.id)));
      if (ours && decision.action !== 'abandon')
        await settlePayment(ctx, ours.id).catch((error) =>
          request.log.warn({ err: error }, 'settling the demo payment failed; the sweeper reads it again'),
        );
      return reply.code(303).header('cache-control', 'no-store').redirect(payment.returnUrl, 303);
    },
  );
};
