import type { AppConfig } from '../../config.ts';
import type { ApiModule } from '../../core/api-module.ts';
import { demoPageRoutes } from './demo-page.routes.ts';
import { paymentsRoutes } from './payments.routes.ts';
import type { PaymentsContext } from './payments-context.ts';

export { insertAttempt, startCurrentAttempt } from './attempts.ts';
export { checkPayment, newAttempt, switchToReceipt } from './order-payment-actions.ts';
export { orderPaymentOf, type PaymentViewOptions } from './payment-view.ts';
export type { PaymentsContext } from './payments-context.ts';
export { onlinePayGate, readPaymentsSettings } from './payments-settings.ts';
export { startSweeper } from './payments-sweeper.ts';
export { advanceRefund, queueAutomaticRefund, queueStaffRefund, refundableOf } from './refunds.ts';
export { sendSettlementReceipt } from './settlement-receipt.ts';

/** Online payment: the providers' notifications and the demo engine's payment page. */
export const paymentsModule: ApiModule<{ config: AppConfig; payments: PaymentsContext }> = {
  name: 'payments',
  async register(app, { config, payments }) {
    await app.register(paymentsRoutes, { payments });
    await app.register(demoPageRoutes, { payments, brand: config.brand });
  },
};
