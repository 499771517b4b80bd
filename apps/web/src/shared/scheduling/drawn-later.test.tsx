import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DrawnLater } from './drawn-later.tsx';

describe('DrawnLater', () => {
  it('draws nothing with the page, then its children in a later task', async () => {
    render(
      <main>
        <h1>Меню</h1>
        <DrawnLater>
          <footer>© Нори-Нори</footer>
        </DrawnLater>
      </main>,
    );
    expect(screen.getByRole('heading', { name: 'Меню' })).toBeTruthy();
    expect(screen.queryByRole('contentinfo')).toBeNull();
    expect((await screen.findByRole('contentinfo')).textContent).toBe('© Нори-Нори');
  });
});
