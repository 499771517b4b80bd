import { useIsAuthorised } from '../../../entities/session/person-store.ts';
import { useNavigate } from '../../../shared/navigation/router.tsx';
import { Button } from '../../../shared/ui/button.tsx';
import { useCheckoutTexts } from '../checkout-namespace.ts';
import styles from './checkout.module.css';
import { CheckoutForm } from './checkout-form.tsx';

/**
 * The checkout below the cart (docs/product.md §2 item 16, decision 21): contacts, delivery details, comment, payment
 * method, time; then the order is placed exactly once (ORDERING.md) and its page opens. Given the cart's
 * summary (wide screens), its place-order button sits there, beside the total.
 */
export function CheckoutSection({ summary = null }: { summary?: HTMLElement | null } = {}) {
  const { t } = useCheckoutTexts();
  const navigate = useNavigate();
  const authorised = useIsAuthorised();
  if (!authorised) {
    return (
      <section className={styles.card} aria-labelledby="checkout-title" data-testid="checkout-sign-in">
        <h2 id="checkout-title" className={styles.title}>
          {t('title')}
        </h2>
        <p>{t('signInRequired')}</p>
        <Button
          variant="primary"
          size="l"
          fullWidth
          onClick={() => navigate('/auth', { state: { from: '/cart', reason: 'checkout' } })}
          data-testid="checkout-sign-in-button"
        >
          {t('signIn')}
        </Button>
      </section>
    );
  }
  return <CheckoutForm summary={summary} />;
}
