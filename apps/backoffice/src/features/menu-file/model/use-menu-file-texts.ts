import { useTranslation } from 'react-i18next';

export const MENU_FILE_NAMESPACE = 'menuFile';

/** The tab's texts: its namespace in app/texts.ts, Russian at once and English when the interface is English. */
export const useMenuFileTexts = () => useTranslation(MENU_FILE_NAMESPACE);
