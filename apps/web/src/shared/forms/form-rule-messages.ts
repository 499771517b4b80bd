import { ERROR_MESSAGES, type Locale, type LocalizedText, pickText } from '@storefront/domain';

/** The generic rules of a form field (react-hook-form's own rule names, and docs/product.md §5's). */
export type FormRule = 'required' | 'email' | 'number' | 'integer' | 'maxLength' | 'minLength' | 'pattern';

/**
 * docs/product.md §5 'Form-rule messages', in Russian and English: what a field says when a generic
 * rule fails and no rule of the domain has its own words. `{{max}}` / `{{min}}` are the limit.
 */
export const FORM_RULE_TEXTS: Record<FormRule, LocalizedText> = {
  required: { ru: 'Это поле обязательно', en: 'This field is required' },
  email: { ru: 'Пожалуйста, введите действительный email', en: 'Please enter a valid email' },
  number: { ru: 'Введите только цифры', en: 'Please enter digits only' },
  integer: { ru: 'Введите только цифры', en: 'Please enter digits only' },
  maxLength: { ru: 'Не больше {{max}} символов', en: 'Please enter no more than {{max}} characters' },
  minLength: { ru: 'Не меньше {{min}} символов', en: 'Please enter at least {{min}} characters' },
  pattern: { ru: 'Недопустимый формат', en: 'Invalid format' },
};

function isFormRule(code: string): code is FormRule {
  return Object.hasOwn(FORM_RULE_TEXTS, code);
}

/**
 * The words of a field's issue for the one form model (decision 16), in the interface language: the
 * domain's docs/product.md §5/§8 words when it knows the code, else the generic rule's, else the
 * generic 'invalid format'. An issue code or an English technical message is never shown as is: a
 * code is not words, and English would leak into a Russian form.
 */
export function formIssueText(
  code: string | undefined,
  locale: Locale,
  limits: { max?: number; min?: number } = {},
): string | undefined {
  if (!code) return undefined;
  const known = (ERROR_MESSAGES as Record<string, LocalizedText>)[code];
  if (known) return pickText(known, locale);
  const rule = isFormRule(code) ? code : 'pattern';
  return pickText(FORM_RULE_TEXTS[rule], locale)
    .replace('{{max}}', String(limits.max ?? ''))
    .replace('{{min}}', String(limits.min ?? ''));
}
