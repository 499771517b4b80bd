import type { ApiModule } from '../../core/api-module.ts';
import { orderPaymentsRoutes } from './order-payments.routes.ts';
import { type OrdersRoutesOptions, ordersRoutes } from './orders.routes.ts';

export { type OrderRow, orderFromRow } from './order-view.ts';

/** The customer's orders: placing exactly once, reading, cancelling, and the payment calls on an order. */
export const ordersModule: ApiModule<OrdersRoutesOptions> = {
  name: 'orders',
  async register(app, deps) {
    await app.register(ordersRoutes, deps);
    await app.register(orderPaymentsRoutes, { payments: deps.payments });
  },
};
