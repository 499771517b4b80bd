import type { z } from 'zod';
import type { Locale } from './locale.ts';

/**
 * Custom messages written in the contracts, in English, with their Russian wording. Contracts keep
 * the English text so a developer reading a schema sees the rule; customers read their own language.
 */
const RULE_TEXTS: Record<string, string> = {
  'must be a positive whole number': 'должно быть целым положительным числом',
  'is too large': 'слишком большое число',
  'must be city ids separated by commas': 'должно быть списком номеров городов через запятую',
  'must be a group id (a whole number, 0 for ungrouped)':
    'должно быть номером группы (целое число, 0 — без группы)',
  'must be a whole number from 1 to 1000': 'должно быть целым числом от 1 до 1000',
  'must be a brand id of lower-case letters, digits and hyphens':
    'должно быть кодом бренда из строчных латинских букв, цифр и дефисов',
  'must be a time of day HH:MM': 'должно быть временем в формате ЧЧ:ММ',
  'must be an offset like +03:00': 'должно быть смещением часового пояса, например +03:00',
  'must not contain NUL characters': 'не должно содержать символов NUL',
  'must be a URL (https://…), a path starting with /, or a photo in the .zip':
    'должно быть адресом (https://…), путём от / или фотографией из архива .zip',
};

type Issue = z.core.$ZodIssue;

function describeRu(issue: Issue): string {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined ? 'обязательное поле' : 'недопустимый тип значения';
    case 'too_small':
      return issue.origin === 'string' ? `не короче ${issue.minimum} символов` : `не меньше ${issue.minimum}`;
    case 'too_big':
      return issue.origin === 'string'
        ? `не длиннее ${issue.maximum} символов`
        : `не больше ${issue.maximum}`;
    case 'invalid_value':
      return `допустимые значения: ${issue.values.map(String).join(', ')}`;
    case 'unrecognized_keys':
      return `лишние поля: ${issue.keys.join(', ')}`;
    default:
      return RULE_TEXTS[issue.message] ?? 'недопустимое значение';
  }
}

function describeEn(issue: Issue): string {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined ? 'is required' : 'has the wrong type';
    case 'too_small':
      return issue.origin === 'string'
        ? `must be at least ${issue.minimum} characters`
        : `must be at least ${issue.minimum}`;
    case 'too_big':
      return issue.origin === 'string'
        ? `must be at most ${issue.maximum} characters`
        : `must be at most ${issue.maximum}`;
    case 'invalid_value':
      return `must be one of: ${issue.values.map(String).join(', ')}`;
    case 'unrecognized_keys':
      return `has unknown fields: ${issue.keys.join(', ')}`;
    default:
      return RULE_TEXTS[issue.message] !== undefined ? issue.message : 'is invalid';
  }
}

/** 'id' or 'positions.2.count': the field a customer or developer has to fix. */
function issueField(issue: Issue): string {
  return issue.path.map(String).join('.');
}

/** One validation problem in words, naming the field: «id»: должно быть целым положительным числом. */
export function describeIssue(issue: Issue, locale: Locale, field = issueField(issue)): string {
  const text = locale === 'ru' ? describeRu(issue) : describeEn(issue);
  if (!field) return text;
  return locale === 'ru' ? `«${field}»: ${text}` : `'${field}' ${text}`;
}
