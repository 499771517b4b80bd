import { useTranslation } from 'react-i18next';
import { Button } from '../../../shared/ui/button.tsx';
import { ResponsiveDialog } from '../../../shared/ui/dialog.tsx';
import { useCartTexts } from '../cart-namespace.ts';
import styles from './cart-page.module.css';

/**
 * docs/product.md §2 item 6, the cart validation popup: the dishes the chosen restaurant or method does not have,
 * with 'Удалить их' and 'Выбрать другое место'. Closing it leaves them marked on their lines, and the
 * order blocked, until one of the two is done.
 */
export function ValidationPopup({
  open,
  names,
  onRemove,
  onChangePlace,
  onClose,
}: {
  open: boolean;
  names: readonly string[];
  onRemove: () => void;
  onChangePlace: () => void;
  onClose: () => void;
}) {
  const { t } = useCartTexts();
  const { t: common } = useTranslation('common');
  return (
    <ResponsiveDialog
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title={t('validationTitle')}
      description={t('validationText')}
      closeLabel={common('close')}
      size="compact"
      footer={
        <div className={styles.popupActions}>
          <Button variant="secondary" onClick={onChangePlace}>
            {t('validationChangePlace')}
          </Button>
          <Button variant="primary" onClick={onRemove} data-testid="validation-remove">
            {t('validationRemove')}
          </Button>
        </div>
      }
    >
      <ul className={styles.validationList} data-testid="validation-popup">
        {names.map((name, index) => (
          // Two lines may be the same dish with different modifiers.
          // biome-ignore lint/suspicious/noArrayIndexKey: the list is static while the popup is open
          <li key={`${index}-${name}`}>{name}</li>
        ))}
      </ul>
    </ResponsiveDialog>
  );
}
