import { restoClockDate, restoClockTime } from '../../../entities/orders/pre-order.ts';
import { useLocale } from '../../../shared/i18n/use-locale.ts';
import { Field } from '../../../shared/ui/field.tsx';
import { useCheckoutTexts } from '../checkout-namespace.ts';
import type { PreOrder } from '../model/use-pre-order.ts';
import styles from './checkout.module.css';

/** When: as soon as possible, or a day and a slot on the restaurant's clock. */
export function PreOrderFields({ preOrder }: { preOrder: PreOrder }) {
  const { t } = useCheckoutTexts();
  const locale = useLocale();
  const { days, preOrderAt, chosenMs, chosenDay, setSlot, timezone, isFull, firstFree } = preOrder;
  const dayLabel = (day: (typeof days)[number]) =>
    day.daysAhead === 0
      ? t('today')
      : day.daysAhead === 1
        ? t('tomorrow')
        : restoClockDate(day.dayStartMs + 12 * 3_600_000, timezone, locale);
  return (
    <fieldset className={styles.group}>
      <legend className={styles.legend}>{t('when')}</legend>
      <label className={styles.radio}>
        <input
          type="radio"
          name="when"
          checked={preOrderAt === null}
          onChange={() => setSlot(null)}
          data-testid="when-asap"
        />
        {t('asap')}
      </label>
      <label className={styles.radio}>
        <input
          type="radio"
          name="when"
          checked={preOrderAt !== null}
          disabled={days.length === 0}
          onChange={() => {
            // Opening the picker asks for the full slots anew; the first free one is chosen meanwhile.
            preOrder.refreshFull();
            setSlot(firstFree());
          }}
          data-testid="when-pre-order"
        />
        {t('preOrder')}
      </label>
      {preOrder.loaded && days.length === 0 && <p className={styles.note}>{t('noSlots')}</p>}
      {preOrderAt !== null && days.length > 0 && (
        <div className={`${styles.details} ${styles.when}`}>
          <Field label={t('day')}>
            {(control) => (
              <select
                {...control}
                value={chosenDay?.dayStartMs ?? ''}
                onChange={(event) => {
                  const day = days.find((d) => d.dayStartMs === Number(event.target.value));
                  setSlot(firstFree(day));
                }}
                data-testid="pre-order-day"
              >
                {!chosenDay && <option value="">—</option>}
                {days.map((day) => (
                  <option key={day.dayStartMs} value={day.dayStartMs}>
                    {dayLabel(day)}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label={t('slot')}>
            {(control) => (
              <select
                {...control}
                value={chosenMs ?? ''}
                onChange={(event) => setSlot(Number(event.target.value))}
                data-testid="pre-order-slot"
              >
                {!chosenDay && <option value="">—</option>}
                {(chosenDay ?? days[0])?.slots.map((slot) => {
                  // A full slot stays in the list, greyed and not choosable (the one already chosen stays
                  // selectable so the select shows it; the banner says it is full).
                  const full = isFull(slot);
                  return (
                    <option
                      key={slot}
                      value={slot}
                      disabled={full && slot !== chosenMs}
                      data-full={full || undefined}
                    >
                      {full
                        ? t('slotFull', { time: restoClockTime(slot, timezone) })
                        : restoClockTime(slot, timezone)}
                    </option>
                  );
                })}
              </select>
            )}
          </Field>
        </div>
      )}
    </fieldset>
  );
}
