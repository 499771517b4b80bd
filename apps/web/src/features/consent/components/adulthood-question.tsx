import { useTranslation } from 'react-i18next';
import { useConsent } from '../../../entities/consent/consent-store.ts';
import { ConfirmationPopup } from '../../../shared/ui/confirmation-popup.tsx';

/** The 'are you 18?' popup itself, open while a question waits (adulthood-confirmation.tsx). */
export default function AdulthoodQuestion() {
  const { t } = useTranslation('consent');
  const asking = useConsent((s) => s.adulthoodQuestion !== null);
  const answer = useConsent((s) => s.answerAdulthood);
  return (
    <ConfirmationPopup
      open={asking}
      headline={t('adultTitle')}
      supportingText={t('adultText')}
      confirmText={t('yes')}
      cancelText={t('no')}
      onConfirm={() => answer(true)}
      onCancel={() => answer(false)}
    />
  );
}
