import { DEFAULT_TIMEZONE, isTimezoneOffset, type Locale, parseTimezoneOffset } from '@storefront/domain';
import type { ReactNode } from 'react';
import { serverNow } from '../../../entities/clock/clock-store.ts';

const PARAGRAPH_BREAK = /\n[ \t]*\n\s*/;
/** `**bold**` within one line; an unpaired `**` stays as typed. */
const BOLD = /\*\*(.+?)\*\*/;

function paragraphsOf(text: string): string[] {
  return text
    .replace(/\r\n?/g, '\n')
    .trim()
    .split(PARAGRAPH_BREAK)
    .filter((p) => p.trim() !== '');
}

/** One line: odd parts of the split are the bold runs. Strings are escaped by React, so nothing is injected. */
function inline(line: string, key: string): ReactNode[] {
  const parts = line.split(BOLD);
  const nodes: ReactNode[] = [];
  for (let i = 0; i < parts.length; i += 1) {
    if (i % 2 === 1) nodes.push(<strong key={`${key}-${i}`}>{parts[i]}</strong>);
    else if (parts[i]) nodes.push(parts[i]);
  }
  return nodes;
}

/**
 * The promotions' limited markdown as React elements: blank lines separate paragraphs, single line
 * breaks are kept, `**bold**` becomes <strong>. Everything else is plain text.
 */
export function LimitedMarkdown({ text, className }: { text: string; className?: string }) {
  const paragraphs = paragraphsOf(text);
  const blocks: ReactNode[] = [];
  for (let p = 0; p < paragraphs.length; p += 1) {
    const lines = (paragraphs[p] ?? '').split('\n');
    const children: ReactNode[] = [];
    for (let l = 0; l < lines.length; l += 1) {
      if (l > 0) children.push(<br key={`br-${l}`} />);
      children.push(...inline(lines[l] ?? '', `${l}`));
    }
    blocks.push(
      <p key={`p-${p}`} className={className}>
        {children}
      </p>,
    );
  }
  return <>{blocks}</>;
}

/** The first sentence of the first paragraph, without markup: the list's card teaser. */
export function firstSentence(text: string): string {
  const first = (paragraphsOf(text.replaceAll('**', ''))[0] ?? '').replace(/\s+/g, ' ').trim();
  return /^.*?[.!?…](?=\s|$)/.exec(first)?.[0] ?? first;
}

/**
 * 'до 31 декабря': the last day the promotion runs, in the restaurant's time zone (an end at midnight
 * belongs to the day before). The year is added when it is not the current one, by the server's clock
 * as everywhere else: a browser clock set wrong must not add or drop the year around New Year.
 */
export function lastDay(
  endsAt: string,
  timezone: string | undefined,
  locale: Locale,
  now = serverNow(),
): string {
  const offset = timezone && isTimezoneOffset(timezone) ? timezone : DEFAULT_TIMEZONE;
  const shift = parseTimezoneOffset(offset) * 60_000;
  const last = new Date(Date.parse(endsAt) - 1 + shift);
  const sameYear = last.getUTCFullYear() === new Date(now + shift).getUTCFullYear();
  return new Intl.DateTimeFormat(locale, {
    day: 'numeric',
    month: 'long',
    year: sameYear ? undefined : 'numeric',
    timeZone: 'UTC',
  }).format(last);
}
