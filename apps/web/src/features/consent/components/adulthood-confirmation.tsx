import { lazy, Suspense } from 'react';
import { useConsent } from '../../../entities/consent/consent-store.ts';

// The question's popup loads when a feature first asks it: most visits never do.
const AdulthoodQuestion = lazy(() => import('./adulthood-question.tsx'));

/** docs/product.md §2 item 9: 'are you 18?' with No / Yes, asked whenever a feature calls requestAdulthood(). */
export function AdulthoodConfirmation() {
  const asking = useConsent((s) => s.adulthoodQuestion !== null);
  if (!asking) return null;
  return (
    <Suspense fallback={null}>
      <AdulthoodQuestion />
    </Suspense>
  );
}
