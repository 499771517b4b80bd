import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { idParam, storedText } from '../contracts/common.ts';
import { describeIssue } from './describe-issue.ts';
import { localeFromAcceptLanguage, pickText } from './locale.ts';

describe('locale', () => {
  it('picks the best supported language of Accept-Language, Russian by default', () => {
    expect(localeFromAcceptLanguage(undefined)).toBe('ru');
    expect(localeFromAcceptLanguage('en-US,en;q=0.9')).toBe('en');
    expect(localeFromAcceptLanguage('de-DE,de;q=0.9,en;q=0.5')).toBe('en');
    expect(localeFromAcceptLanguage('fr, ru;q=0.1, en;q=0.2')).toBe('en');
    expect(localeFromAcceptLanguage('en;q=0, *')).toBe('ru');
    expect(localeFromAcceptLanguage(';;;,,,q=abc')).toBe('ru');
  });

  it('falls back to Russian text when a translation is missing', () => {
    expect(pickText({ ru: 'Прочее', en: 'Other' }, 'en')).toBe('Other');
    expect(pickText({ ru: 'Прочее' }, 'en')).toBe('Прочее');
  });

  it('describes a validation problem naming the field, in both languages', () => {
    const schema = z.object({ id: idParam, name: z.string().max(3) });
    const issues = schema.safeParse({ id: 'abc', name: 'long' }).error?.issues ?? [];
    expect(issues.map((i) => describeIssue(i, 'ru'))).toEqual([
      '«id»: должно быть целым положительным числом',
      '«name»: не длиннее 3 символов',
    ]);
    expect(issues.map((i) => describeIssue(i, 'en'))).toEqual([
      "'id' must be a positive whole number",
      "'name' must be at most 3 characters",
    ]);
    const missing = schema.safeParse({}).error?.issues ?? [];
    expect(describeIssue(missing[0] as z.core.$ZodIssue, 'ru')).toBe('«id»: обязательное поле');
  });

  it('refuses a NUL in stored text (PostgreSQL cannot keep it) in words, in both languages', () => {
    const schema = z.object({ comment: storedText(10) });
    expect(schema.safeParse({ comment: 'ok, ёж 💥' }).success).toBe(true);
    const issue = schema.safeParse({ comment: 'a\u0000b' }).error?.issues[0] as z.core.$ZodIssue;
    expect(describeIssue(issue, 'ru')).toBe('«comment»: не должно содержать символов NUL');
    expect(describeIssue(issue, 'en')).toBe("'comment' must not contain NUL characters");
  });
});
