import CartPage from '../features/cart/components/cart-page.tsx';
import { CheckoutSection } from '../features/checkout/components/checkout-section.tsx';
import { DeliveryTermsPopup } from '../features/location/components/delivery-terms-popup.tsx';

/**
 * /cart: the cart with the checkout below it (decision 21; on wide screens its place-order button in the
 * cart's summary), and the location feature's delivery terms in
 * the cart's delivery section; app/ composes the features.
 */
export default function CartRoute() {
  return (
    <CartPage
      checkout={(summary) => <CheckoutSection summary={summary} />}
      deliveryTerms={DeliveryTermsPopup}
    />
  );
}
