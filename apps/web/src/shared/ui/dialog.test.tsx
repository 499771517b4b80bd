import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubMatchMedia } from '../../test/match-media.ts';
import { ResponsiveDialog } from './dialog.tsx';

beforeEach(() => {});

afterEach(() => {
  vi.restoreAllMocks();
});

const tick = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));

/** Radix starts listening for outside pointer-downs a tick after opening and dismisses on the click. */
async function clickOutside() {
  await tick();
  const backdrop = document.querySelector('.overlay') ?? document.body;
  fireEvent.pointerDown(backdrop, { button: 0 });
  fireEvent.pointerUp(backdrop, { button: 0 });
  fireEvent.click(backdrop, { button: 0 });
  await tick();
}

for (const wide of [false, true]) {
  describe(`ResponsiveDialog (${wide ? 'wide: centred dialog' : 'narrow: bottom sheet'})`, () => {
    const setup = (props: { dismissible?: boolean; withScrim?: boolean } = {}) => {
      if (wide) stubMatchMedia(true);
      const onOpenChange = vi.fn();
      render(
        <ResponsiveDialog
          open
          onOpenChange={onOpenChange}
          title="Адрес доставки"
          description="Укажите улицу и дом"
          footer={<button type="button">Сохранить</button>}
          {...props}
        >
          <p>Содержимое</p>
        </ResponsiveDialog>,
      );
      return { onOpenChange, user: userEvent.setup() };
    };

    it('renders the title as the accessible name, the description and the content', () => {
      setup();
      const dialog = screen.getByRole('dialog', { name: 'Адрес доставки' });
      expect(dialog).toHaveAccessibleDescription('Укажите улицу и дом');
      expect(screen.getByText('Содержимое')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Сохранить' })).toBeInTheDocument();
      // Below 840 px the dialog is laid out as a bottom sheet.
      expect(dialog.hasAttribute('data-sheet')).toBe(!wide);
    });

    it('closes on Escape when dismissible', async () => {
      const { onOpenChange, user } = setup();
      await user.keyboard('{Escape}');
      expect(onOpenChange).toHaveBeenCalledWith(false);
    });

    it('ignores Escape and hides the close button when not dismissible', async () => {
      const { onOpenChange, user } = setup({ dismissible: false });
      await user.keyboard('{Escape}');
      expect(onOpenChange).not.toHaveBeenCalled();
      expect(screen.queryByRole('button', { name: 'Закрыть' })).not.toBeInTheDocument();
    });

    it('closes on a click outside only when dismissible', async () => {
      const first = setup({ dismissible: false });
      await clickOutside();
      expect(first.onOpenChange).not.toHaveBeenCalled();
      cleanup();
      const second = setup();
      await clickOutside();
      expect(second.onOpenChange).toHaveBeenCalledWith(false);
    });

    it('moves focus into the dialog', () => {
      setup();
      expect(screen.getByRole('dialog').contains(document.activeElement)).toBe(true);
    });

    it('withScrim=false keeps the (transparent) backdrop', () => {
      setup({ withScrim: false });
      expect(document.querySelector('.overlay')).toHaveClass('overlayClear');
    });

    it('the close button calls onOpenChange(false)', async () => {
      const { onOpenChange, user } = setup();
      await user.click(screen.getByRole('button', { name: 'Закрыть' }));
      expect(onOpenChange).toHaveBeenCalledWith(false);
    });
  });
}

it('renders nothing while closed', () => {
  render(
    <ResponsiveDialog open={false} onOpenChange={() => {}} title="Скрыто">
      x
    </ResponsiveDialog>,
  );
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
});
