import CartPage from '../features/cart/components/cart-page.tsx';
import { CheckoutSection } from '../features/checkout/components/checkout-section.tsx';

/** /cart: the cart with the checkout below it (decision 21); app/ composes the two features. */
export default function CartRoute() {
  return <CartPage checkout={<CheckoutSection />} />;
}
