import { describe, expect, it } from 'vitest';
import { fittingCause } from './cancel-cause.ts';

const cause = (id: string, name: string, deleted = false) => ({ id, name, deleted });

describe('the cancel cause of our withdrawals', () => {
  it('is the site’s own, then the guest’s refusal, never a deleted one or one that does not fit', () => {
    expect(
      fittingCause([cause('a', 'Ошибка кассира'), cause('b', 'Отказ гостя'), cause('c', 'Отменён на сайте')]),
    ).toBe('c');
    expect(
      fittingCause([
        cause('a', 'Ошибка кассира'),
        cause('b', 'Отказ гостя'),
        cause('c', 'Отменён на сайте', true),
      ]),
    ).toBe('b');
    expect(fittingCause([cause('a', 'Ошибка кассира'), cause('b', 'Стоп-лист')])).toBeNull();
    expect(fittingCause([])).toBeNull();
  });
});
