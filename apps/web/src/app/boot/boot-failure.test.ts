import { describe, expect, it } from 'vitest';
import { ApiError } from '../../shared/api-client.ts';
import { bootFailure, bootStepOf } from './boot-failure.ts';

const refused = (status: number, data: unknown = null, statusText = 'Service Unavailable') =>
  new ApiError(statusText, status, statusText, null, data);

describe('bootFailure (docs/product.md §8)', () => {
  it('words a failed clock with its fallback and the status, never the status text', () => {
    expect(bootFailure('now', refused(503))).toEqual({
      fallback: 'clockFailed',
      serverMessage: null,
      status: 503,
    });
  });

  it("keeps the answer's first error message and status", () => {
    const data = { errors: [{ code: 'x', message: 'Сервис на обслуживании' }] };
    expect(bootFailure('cities', refused(500, data))).toEqual({
      fallback: 'citiesFailed',
      serverMessage: 'Сервис на обслуживании',
      status: 500,
    });
  });

  it('says a menu is not found on 404, whatever the answer says', () => {
    const data = { errors: [{ code: 'menu.not-found', message: 'Нет такого' }] };
    expect(bootFailure('menu-groups', refused(404, data))).toMatchObject({
      fallback: 'menuGroupsNotFound',
      status: 404,
    });
    expect(bootFailure('menu-positions', refused(404, data))).toMatchObject({
      fallback: 'menuPositionsNotFound',
      serverMessage: null,
    });
    expect(bootFailure('menu-positions', refused(502))).toMatchObject({ fallback: 'menuPositionsFailed' });
  });

  it('has no status when no answer came, and never shows the network error’s English words', () => {
    const network = new ApiError('Network error when attempting to fetch resource.', 0, '', null, null);
    expect(bootFailure('menu-groups', network)).toEqual({
      fallback: 'menuGroupsFailed',
      serverMessage: null,
      status: null,
    });
    expect(bootFailure('now', new TypeError('Failed to fetch'))).toEqual({
      fallback: 'clockFailed',
      serverMessage: null,
      status: null,
    });
  });

  it('knows each boot query by its key', () => {
    expect(bootStepOf(['menu-groups', 1])).toBe('menu-groups');
    expect(bootStepOf(['resto-working-hours', 3])).toBe('resto-working-hours');
    expect(bootStepOf(['now'])).toBe('now');
  });
});
