import OrderPage from '../features/orders/components/order-page.tsx';
import { RatingBlock } from '../features/rating/components/rating-block.tsx';

/** /orders/{id}: the order's page with the rating block once the order is done (decision 57); app/ composes the features. */
export default function OrderRoute() {
  return (
    <OrderPage
      done={(order, personId) => <RatingBlock source={{ kind: 'person', personId, orderId: order.id }} />}
    />
  );
}
