import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubMatchMedia } from '../../test/match-media.ts';
import { ConfirmationPopup } from './confirmation-popup.tsx';

beforeEach(() => {});

afterEach(() => {
  vi.restoreAllMocks();
});

function setup(props: Partial<Parameters<typeof ConfirmationPopup>[0]> = {}) {
  const onConfirm = vi.fn();
  const onCancel = vi.fn();
  render(<ConfirmationPopup open onConfirm={onConfirm} onCancel={onCancel} {...props} />);
  return { onConfirm, onCancel, user: userEvent.setup() };
}

describe('ConfirmationPopup', () => {
  it('shows the default headline and buttons, and no close button', () => {
    setup();
    expect(screen.getByRole('dialog', { name: 'Подтвердить?' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ок' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Отмена' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Закрыть' })).not.toBeInTheDocument();
  });

  it('shows the given texts; the supporting text describes the dialog', () => {
    setup({
      headline: 'Очистить корзину?',
      supportingText: 'Все блюда будут удалены',
      confirmText: 'Очистить',
    });
    const dialog = screen.getByRole('dialog', { name: 'Очистить корзину?' });
    expect(dialog).toHaveAccessibleDescription('Все блюда будут удалены');
    expect(screen.getByRole('button', { name: 'Очистить' })).toBeInTheDocument();
  });

  it('confirm calls onConfirm, cancel calls onCancel', async () => {
    const { onConfirm, onCancel, user } = setup();
    await user.click(screen.getByRole('button', { name: 'Ок' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onCancel).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Отмена' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('Escape cancels (wide and narrow)', async () => {
    const narrow = setup();
    await narrow.user.keyboard('{Escape}');
    expect(narrow.onCancel).toHaveBeenCalledTimes(1);
    narrow.onCancel.mockClear();

    stubMatchMedia(true);
    const wide = setup();
    await wide.user.keyboard('{Escape}');
    expect(wide.onCancel).toHaveBeenCalledTimes(1);
    expect(wide.onConfirm).not.toHaveBeenCalled();
  });

  it('showCancel=false leaves only the confirm button', () => {
    setup({ showCancel: false });
    expect(screen.getAllByRole('button')).toHaveLength(1);
  });

  it('confirmLoading marks the confirm button busy', () => {
    setup({ confirmLoading: true });
    const confirm = screen.getByRole('button', { name: 'Ок' });
    expect(confirm).toHaveAttribute('aria-busy', 'true');
    expect(confirm).toBeDisabled();
  });

  it('a click outside does not cancel; Escape while the action runs does nothing', async () => {
    const { onCancel, user } = setup({ confirmLoading: true });
    fireEvent.click(document.querySelector('.overlay') as HTMLElement);
    await user.keyboard('{Escape}');
    expect(onCancel).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toHaveAttribute('open');
  });
});
