import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ArrowUpIcon } from '../shared/ui/icons.tsx';
import styles from './chrome.module.css';

/** docs/product.md §1: a button back to the top, once the customer has scrolled more than a screen. */
export function ScrollToTop() {
  const { t } = useTranslation('header');
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const onScroll = () => setShown(window.scrollY > window.innerHeight);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  if (!shown) return null;
  const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  return (
    <button
      type="button"
      className={styles.scrollTop}
      aria-label={t('scrollTop')}
      onClick={() => window.scrollTo({ top: 0, behavior: reduce ? 'auto' : 'smooth' })}
    >
      <ArrowUpIcon />
    </button>
  );
}
