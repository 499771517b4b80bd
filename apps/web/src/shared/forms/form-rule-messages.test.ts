import { LOCALES } from '@storefront/domain';
import { describe, expect, it } from 'vitest';
import { FORM_RULE_TEXTS, formIssueText } from './form-rule-messages.ts';

describe('form-rule messages (docs/product.md §5)', () => {
  it('has the specification’s words in Russian and English', () => {
    expect(FORM_RULE_TEXTS.required).toEqual({ ru: 'Это поле обязательно', en: 'This field is required' });
    expect(FORM_RULE_TEXTS.email).toEqual({
      ru: 'Пожалуйста, введите действительный email',
      en: 'Please enter a valid email',
    });
    expect(FORM_RULE_TEXTS.pattern).toEqual({ ru: 'Недопустимый формат', en: 'Invalid format' });
    for (const texts of Object.values(FORM_RULE_TEXTS))
      for (const locale of LOCALES) expect(texts[locale]).toBeTruthy();
  });

  it('words a generic rule in the interface language, with its limit', () => {
    expect(formIssueText('required', 'ru')).toBe('Это поле обязательно');
    expect(formIssueText('required', 'en')).toBe('This field is required');
    expect(formIssueText('maxLength', 'ru', { max: 100 })).toBe('Не больше 100 символов');
    expect(formIssueText('minLength', 'en', { min: 4 })).toBe('Please enter at least 4 characters');
  });

  it('prefers the domain’s own words for a code it knows', () => {
    expect(formIssueText('phone.required', 'ru')).toBe('Введите номер телефона');
    expect(formIssueText('phone.required', 'en')).toBe('Enter your phone number');
  });

  it('never shows a bare issue code: an unknown one is an invalid format', () => {
    expect(formIssueText('some.unknown-code', 'ru')).toBe('Недопустимый формат');
    expect(formIssueText('some.unknown-code', 'en')).toBe('Invalid format');
    expect(formIssueText(undefined, 'ru')).toBeUndefined();
  });
});
