import { formatPhoneInput, PHONE_MASK_PLACEHOLDER } from '@storefront/domain';
import { Field } from '../../../shared/ui/field.tsx';
import { useCheckoutTexts } from '../checkout-namespace.ts';
import styles from './checkout.module.css';
import type { CheckoutFormSection } from './checkout-form-section.ts';

/** Contacts: name and phone always, the e-mail required for an online payment (its receipt goes there). */
export function ContactFields({
  form,
  errorOf,
  emailRequired,
}: CheckoutFormSection & { emailRequired: boolean }) {
  const { t } = useCheckoutTexts();
  const phoneField = form.register('phone', {
    // The mask of the sign-in form; once submitted, the masked value is what gets re-checked.
    onChange: (event) =>
      form.setValue('phone', formatPhoneInput(event.target.value), {
        shouldValidate: form.formState.isSubmitted,
      }),
  });
  return (
    <fieldset className={styles.group}>
      <legend className={styles.legend}>{t('contacts')}</legend>
      <Field label={t('name')} required personal error={errorOf('name')}>
        {(control) => (
          <input {...control} {...form.register('name')} autoComplete="name" data-testid="contact-name" />
        )}
      </Field>
      <Field label={t('phone')} required personal error={errorOf('phone')}>
        {(control) => (
          <input
            {...control}
            {...phoneField}
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            placeholder={PHONE_MASK_PLACEHOLDER}
            data-testid="contact-phone"
          />
        )}
      </Field>
      <Field
        label={t('email')}
        personal
        required={emailRequired}
        hint={emailRequired ? t('emailHint') : undefined}
        error={errorOf('email')}
      >
        {(control) => (
          <input
            {...control}
            {...form.register('email')}
            type="email"
            autoComplete="email"
            data-testid="contact-email"
          />
        )}
      </Field>
    </fieldset>
  );
}
