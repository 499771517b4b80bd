import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubMatchMedia } from '../../test/match-media.ts';
import { ProgressOverlay } from './progress-overlay.tsx';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('ProgressOverlay', () => {
  it('is a busy progress bar named by the (default) label, 40 px on narrow screens', () => {
    render(<ProgressOverlay open />);
    const progress = screen.getByRole('progressbar', { name: 'Загрузка…' });
    expect(progress).toHaveAttribute('aria-busy', 'true');
    expect(progress.querySelector('svg')).toHaveAttribute('width', '40');
  });

  it('uses a 48 px spinner from 840 px up and the given label', () => {
    stubMatchMedia(true);
    render(<ProgressOverlay open label="Оформляем заказ" />);
    const progress = screen.getByRole('progressbar', { name: 'Оформляем заказ' });
    expect(progress.querySelector('svg')).toHaveAttribute('width', '48');
  });

  it('Escape does not remove it; closed renders nothing', async () => {
    const { rerender } = render(<ProgressOverlay open />);
    await userEvent.keyboard('{Escape}');
    expect(screen.getByRole('progressbar')).toBeInTheDocument();
    rerender(<ProgressOverlay open={false} />);
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('is a native modal dialog that refuses close requests and takes focus', () => {
    render(<ProgressOverlay open label="Оформляем заказ" />);
    const dialog = screen.getByRole('dialog', { name: 'Оформляем заказ' });
    expect(dialog.tagName).toBe('DIALOG');
    expect(dialog).toHaveAttribute('open');
    expect(document.activeElement).toBe(screen.getByRole('progressbar'));
    const request = new Event('cancel', { cancelable: true });
    dialog.dispatchEvent(request);
    expect(request.defaultPrevented).toBe(true);
    expect(dialog).toHaveAttribute('open');
  });
});
