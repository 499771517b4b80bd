import type { Locale } from '@storefront/domain';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBrand } from '../../shared/config.tsx';
import { switchLocale } from '../../shared/i18n/i18n.ts';
import { languageName } from '../../shared/i18n/language-name.ts';
import styles from './header.module.css';

/**
 * docs/product.md §2 item 7: the locales the brand offers. A disclosure with one button per language: two items
 * do not justify a menu library on the first visit's bundle.
 */
export function LocaleMenu() {
  const { t, i18n } = useTranslation('header');
  const brand = useBrand();
  const [open, setOpen] = useState(false);
  const listId = useId();
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setOpen(false);
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  if (brand.locales.length < 2) return null;
  const choose = (locale: Locale) => {
    setOpen(false);
    void switchLocale(i18n, locale);
  };
  return (
    <div className={styles.localeRoot} ref={root}>
      <button
        type="button"
        className={styles.iconButton}
        // The name holds the code shown on the button (WCAG 2.5.3: 'click RU' must work).
        aria-label={t('language', { current: i18n.language.toUpperCase() })}
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen(!open)}
        data-testid="locale-menu"
      >
        {i18n.language.toUpperCase()}
      </button>
      {open && (
        <ul id={listId} className={styles.menu}>
          {brand.locales.map((locale) => (
            <li key={locale}>
              <button
                type="button"
                lang={locale}
                className={styles.menuItem}
                aria-pressed={i18n.language === locale}
                onClick={() => choose(locale)}
              >
                {languageName(locale)}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
