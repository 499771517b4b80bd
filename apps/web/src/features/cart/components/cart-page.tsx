import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCartCount } from '../../../shared/store/cart-store.ts';

/** /cart: the cart issue builds checkout here; until then the empty state and the count. */
export default function CartPage() {
  const { t } = useTranslation('cart');
  const { t: common } = useTranslation('common');
  const count = useCartCount();
  return (
    <>
      <h1>{t('title')}</h1>
      {count === 0 ? <p>{t('empty')}</p> : <p>{common('dishes', { count })}</p>}
      <Link to="/">{t('backToMenu')}</Link>
    </>
  );
}
