import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useCartCount } from '../../../entities/cart/cart-store.ts';
import { useIsAuthorised } from '../../../entities/session/person-store.ts';
import { Button } from '../../../shared/ui/button.tsx';

/** /cart: the cart issue builds the checkout here; until then the count and the sign-in gate. */
export default function CartPage() {
  const { t } = useTranslation('cart');
  const { t: common } = useTranslation('common');
  const count = useCartCount();
  const authorised = useIsAuthorised();
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);

  // SPEC §1: signing in is required to order; the sign-in page brings the customer back here.
  const checkout = () => {
    if (!authorised) navigate('/auth', { state: { from: '/cart', reason: 'checkout' } });
    else setPending(true);
  };

  return (
    <>
      <h1>{t('title')}</h1>
      {count === 0 ? <p>{t('empty')}</p> : <p>{common('dishes', { count })}</p>}
      {count > 0 && (
        <Button variant="primary" size="l" onClick={checkout} data-testid="checkout">
          {t('checkout')}
        </Button>
      )}
      {pending && <p role="status">{t('checkoutSoon')}</p>}
      <Link to="/">{t('backToMenu')}</Link>
    </>
  );
}
