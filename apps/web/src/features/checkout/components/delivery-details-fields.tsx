import { appFlagsStore } from '../../../entities/app-flags/app-flags-store.ts';
import { DeliveryPlaceText } from '../../../entities/location/delivery-place-text.tsx';
import { useSelections } from '../../../entities/location/selections-store.ts';
import { Button } from '../../../shared/ui/button.tsx';
import { Field, PERSONAL_CLASSES } from '../../../shared/ui/field.tsx';
import { useCheckoutTexts } from '../checkout-namespace.ts';
import styles from './checkout.module.css';
import type { CheckoutFormSection } from './checkout-form-section.ts';

/** A delivery's place: the chosen address ('Изменить' opens the location popup) and its details. */
export function DeliveryDetailsFields({ form, errorOf }: CheckoutFormSection) {
  const { t } = useCheckoutTexts();
  const address = useSelections((state) => state.deliveryPlace?.address);
  const point = useSelections((state) => state.deliveryPlace?.location);
  return (
    <fieldset className={styles.group}>
      <legend className={styles.legend}>{t('deliveryDetails')}</legend>
      <div className={styles.address}>
        <p className={PERSONAL_CLASSES} data-testid="checkout-address">
          {address?.trim() || point ? (
            <DeliveryPlaceText address={address} location={point} />
          ) : (
            t('noAddress')
          )}
        </p>
        <Button variant="text" onClick={() => appFlagsStore.getState().openLocation({ methodOnly: true })}>
          {t('changeAddress')}
        </Button>
        <input type="hidden" {...form.register('address')} />
        {errorOf('address') && (
          <p className={styles.error} role="alert" data-testid="address-error">
            {errorOf('address')}
          </p>
        )}
      </div>
      <div className={styles.details}>
        {(['apartment', 'entrance', 'floor', 'intercom'] as const).map((name) => (
          <Field key={name} label={t(name)} personal error={errorOf(name)}>
            {(control) => <input {...control} {...form.register(name)} data-testid={`delivery-${name}`} />}
          </Field>
        ))}
      </div>
      <Field label={t('placeComment')} personal error={errorOf('placeComment')}>
        {(control) => (
          <input {...control} {...form.register('placeComment')} data-testid="delivery-comment" />
        )}
      </Field>
    </fieldset>
  );
}
