import type { NamespaceTexts } from '../shared/i18n/i18n.ts';

/** Namespace 'app-banner': the phone banner offering the brand's app. */
export const appBannerTexts = {
  text: 'В приложении удобнее',
  open: 'Открыть',
  close: 'Скрыть',
} satisfies NamespaceTexts;
