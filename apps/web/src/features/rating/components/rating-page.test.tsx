import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Route } from '../../../shared/navigation/router.tsx';
import { renderWithApp } from '../../../test/render-app.tsx';
import RatingPage from './rating-page.tsx';

const kazan = { id: 1, name: { ru: 'Казань' }, order: 1 };

describe('rating link page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks search engines not to keep it while it is open, and reads the rating by its token', async () => {
    const paths: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        paths.push(new URL(String(input), 'http://localhost').pathname);
        return new Response(
          JSON.stringify({ errors: [{ code: 'rating.link-invalid', message: 'Ссылка для оценки неверна' }] }),
          { status: 404, headers: { 'content-type': 'application/json' } },
        );
      }),
    );
    const { unmount } = await renderWithApp(
      <Route path="/rate/:token">
        <RatingPage />
      </Route>,
      { cities: [kazan], city: kazan },
      { entry: '/rate/r1.9.abc' },
    );
    expect(await screen.findByTestId('rating-load-error')).toHaveTextContent('Ссылка для оценки неверна');
    expect(document.head.querySelector('meta[name="robots"]')).toHaveAttribute(
      'content',
      'noindex, nofollow',
    );
    expect(paths).toEqual(['/api/v1/ratings/r1.9.abc']);
    unmount();
    expect(document.head.querySelector('meta[name="robots"]')).toBeNull();
  });
});
