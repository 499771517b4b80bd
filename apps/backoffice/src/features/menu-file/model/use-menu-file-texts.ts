import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { menuFileTexts } from '../menu-file-texts.ts';

export const MENU_FILE_NAMESPACE = 'menuFile';

/**
 * The tab's texts, added to the app's i18n by the tab itself: its Russian at once, its English loaded when the
 * interface is English (decision 7), as app/texts.ts does for the namespaces it lists. The tab was added while
 * other features changed app/texts.ts, so it keeps its namespace to itself; moving it there later is two lines.
 */
export function useMenuFileTexts() {
  const { i18n } = useTranslation();
  if (!i18n.hasResourceBundle('ru', MENU_FILE_NAMESPACE))
    i18n.addResourceBundle('ru', MENU_FILE_NAMESPACE, menuFileTexts);
  const english = i18n.language === 'en';
  const [, setLoaded] = useState(0);
  useEffect(() => {
    if (!english || i18n.hasResourceBundle('en', MENU_FILE_NAMESPACE)) return;
    let current = true;
    void import('../menu-file-texts.en.ts').then(({ menuFileTextsEn }) => {
      i18n.addResourceBundle('en', MENU_FILE_NAMESPACE, menuFileTextsEn);
      if (current) setLoaded((count) => count + 1);
    });
    return () => {
      current = false;
    };
  }, [english, i18n]);
  return useTranslation(MENU_FILE_NAMESPACE);
}
