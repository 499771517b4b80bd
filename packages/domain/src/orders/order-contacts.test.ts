import { describe, expect, it } from 'vitest';
import { orderContactIssues, personNameIssue, receiptEmailIssue } from './order-contacts.ts';

describe('order contacts (docs/product.md §5)', () => {
  it('takes names of letters, spaces, hyphens, apostrophes and dots up to 50 characters', () => {
    for (const name of ['Анна', 'Anna-Maria', "O'Neil", 'Д. Артаньян', 'Ёжик Туманов', 'Zoë'])
      expect(personNameIssue(name)).toBeUndefined();
    expect(personNameIssue('')).toBe('person-name.required');
    expect(personNameIssue('   ')).toBe('person-name.required');
    expect(personNameIssue('Я'.repeat(50))).toBeUndefined();
    expect(personNameIssue('Я'.repeat(51))).toBe('person-name.too-long');
    for (const name of ['Anna1', 'R2-D2', '<script>', '-Anna', 'Анна!'])
      expect(personNameIssue(name)).toBe('person-name.invalid');
  });

  it('asks for the receipt e-mail only when paying online, and checks it whenever given', () => {
    expect(receiptEmailIssue('', true)).toBe('email.receipt-required');
    expect(receiptEmailIssue('', false)).toBeUndefined();
    expect(receiptEmailIssue('anna@example.ru', true)).toBeUndefined();
    expect(receiptEmailIssue('anna@example', false)).toBe('email.invalid');
    expect(receiptEmailIssue('an na@example.ru', false)).toBe('email.invalid');
  });

  it('names every issue of the form at once', () => {
    expect(
      orderContactIssues(
        { name: '', phone: '123', email: '', comment: 'я'.repeat(101) },
        { emailRequired: true },
      ),
    ).toEqual({
      name: 'person-name.required',
      phone: 'person-phone.invalid',
      email: 'email.receipt-required',
      comment: 'order-comment.too-long',
    });
    expect(
      orderContactIssues(
        { name: 'Анна', phone: '8 (912) 345-67-89', email: null, comment: null },
        { emailRequired: false },
      ),
    ).toEqual({});
    expect(orderContactIssues({ name: 'Анна', phone: '' }, { emailRequired: false })).toEqual({
      phone: 'phone.required',
    });
  });
});
