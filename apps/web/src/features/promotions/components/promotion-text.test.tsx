import { render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clockStore } from '../../../entities/clock/clock-store.ts';
import { setServerNow } from '../../../test/test-clock.ts';
import { firstSentence, LimitedMarkdown, lastDay } from './promotion-text.tsx';

function html(text: string) {
  return render(<LimitedMarkdown text={text} />).container.innerHTML;
}

describe('limited markdown', () => {
  it('makes paragraphs, line breaks and bold runs, nothing else', () => {
    expect(html('a **b** c\nd\n\n\ne')).toBe('<p>a <strong>b</strong> c<br>d</p><p>e</p>');
    expect(html('\r\n**x**\r\n')).toBe('<p><strong>x</strong></p>');
  });

  it('keeps unpaired markers and markup as plain text', () => {
    expect(html('2 ** 3 <b>hi</b>')).toBe('<p>2 ** 3 &lt;b&gt;hi&lt;/b&gt;</p>');
    expect(html('')).toBe('');
  });
});

describe('first sentence', () => {
  it('takes the first sentence of the first paragraph without markup', () => {
    expect(firstSentence('**Скидка 10.5%** на сеты! Ещё текст.')).toBe('Скидка 10.5% на сеты!');
    expect(firstSentence('Без точки\nна конце\n\nВторой')).toBe('Без точки на конце');
  });
});

describe('last day', () => {
  const now = Date.parse('2025-06-01T12:00:00Z');

  it("is the day in the restaurant's time zone; an end at midnight belongs to the day before", () => {
    expect(lastDay('2025-12-31T20:59:59Z', '+03:00', 'ru', now)).toBe('31 декабря');
    expect(lastDay('2025-12-31T21:00:00Z', '+03:00', 'ru', now)).toBe('31 декабря');
    expect(lastDay('2025-12-31T21:00:01Z', '+03:00', 'ru', now)).toBe('1 января 2026 г.');
    expect(lastDay('2025-07-01T00:00:00Z', undefined, 'en', now)).toBe('July 1');
  });

  describe('by the server clock', () => {
    afterEach(() => {
      vi.useRealTimers();
      clockStore.setState({ offsetMs: 0, synced: false });
    });

    it("decides the current year by the server's clock, not the browser's", () => {
      // The browser still thinks it is 2025; the server says New Year has passed.
      vi.useFakeTimers({ toFake: ['Date'], now: Date.parse('2025-12-30T12:00:00Z') });
      setServerNow(Date.parse('2026-01-02T12:00:00Z'));
      expect(lastDay('2026-01-10T21:00:00Z', '+03:00', 'ru')).toBe('10 января');
      expect(lastDay('2025-12-31T21:00:00Z', '+03:00', 'ru')).toBe('31 декабря 2025 г.');
    });
  });
});
