import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubMatchMedia } from '../../test/match-media.ts';
import { ResponsiveDialog, type ResponsiveDialogProps } from './dialog.tsx';

beforeEach(() => {});

afterEach(() => {
  vi.restoreAllMocks();
});

/** The overlay fills the <dialog> frame around the content: a click on it is a click outside. */
function clickOutside() {
  const backdrop = document.querySelector('.overlay') as HTMLElement;
  fireEvent.pointerDown(backdrop, { button: 0 });
  fireEvent.pointerUp(backdrop, { button: 0 });
  fireEvent.click(backdrop, { button: 0 });
}

for (const wide of [false, true]) {
  describe(`ResponsiveDialog (${wide ? 'wide: centred dialog' : 'narrow: bottom sheet'})`, () => {
    const setup = (props: Partial<ResponsiveDialogProps> = {}) => {
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
      clickOutside();
      expect(first.onOpenChange).not.toHaveBeenCalled();
      cleanup();
      const second = setup();
      clickOutside();
      expect(second.onOpenChange).toHaveBeenCalledWith(false);
    });

    it('a click inside the content is not a click outside', async () => {
      const { onOpenChange, user } = setup();
      await user.click(screen.getByText('Содержимое'));
      await user.click(screen.getByText('Адрес доставки'));
      expect(onOpenChange).not.toHaveBeenCalled();
    });

    it('is a native modal <dialog>, open, with no aria-describedby without a description', () => {
      if (wide) stubMatchMedia(true);
      render(<ResponsiveDialog open onOpenChange={() => {}} title="Без описания" />);
      const dialog = screen.getByRole('dialog', { name: 'Без описания' });
      expect(dialog.tagName).toBe('DIALOG');
      expect(dialog).toHaveAttribute('open');
      expect(dialog).not.toHaveAttribute('aria-describedby');
    });

    it('calls onEscapeKeyDown on Escape, dismissible or not; its preventDefault() keeps it open', async () => {
      const onEscapeKeyDown = vi.fn((event: KeyboardEvent) => event.preventDefault());
      const kept = setup({ onEscapeKeyDown });
      await kept.user.keyboard('{Escape}');
      expect(onEscapeKeyDown).toHaveBeenCalledTimes(1);
      expect(kept.onOpenChange).not.toHaveBeenCalled();
      cleanup();
      const onEscapeWhenFixed = vi.fn();
      const fixed = setup({ dismissible: false, onEscapeKeyDown: onEscapeWhenFixed });
      await fixed.user.keyboard('{Escape}');
      expect(onEscapeWhenFixed).toHaveBeenCalledTimes(1);
      expect(fixed.onOpenChange).not.toHaveBeenCalled();
      expect(screen.getByRole('dialog')).toHaveAttribute('open');
    });

    it('a close request from outside the keyboard path (the native cancel event) obeys dismissible', () => {
      const fixed = setup({ dismissible: false });
      const refused = new Event('cancel', { cancelable: true });
      screen.getByRole('dialog').dispatchEvent(refused);
      expect(refused.defaultPrevented).toBe(true);
      expect(fixed.onOpenChange).not.toHaveBeenCalled();
      cleanup();
      const open = setup();
      screen.getByRole('dialog').dispatchEvent(new Event('cancel', { cancelable: true }));
      expect(open.onOpenChange).toHaveBeenCalledWith(false);
    });

    it('locks the page scroll while open, gives focus back to the opener on close', async () => {
      if (wide) stubMatchMedia(true);
      const opener = document.createElement('button');
      document.body.append(opener);
      opener.focus();
      const view = render(<ResponsiveDialog open onOpenChange={() => {}} title="Фокус" />);
      expect(document.activeElement).not.toBe(opener);
      expect(document.documentElement.style.overflow).toBe('hidden');
      view.rerender(<ResponsiveDialog open={false} onOpenChange={() => {}} title="Фокус" />);
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      // The closing work runs after the commit that unmounted it (a microtask).
      await Promise.resolve();
      expect(document.activeElement).toBe(opener);
      expect(document.documentElement.style.overflow).toBe('');
      opener.remove();
    });

    it(`moves focus into the dialog: ${wide ? 'its first focusable element' : 'the sheet itself (no keyboard jump)'}`, () => {
      setup();
      expect(screen.getByRole('dialog').contains(document.activeElement)).toBe(true);
      if (wide) expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Закрыть' }));
      else expect(document.activeElement).toHaveClass('sheet');
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

it('Escape in a dialog opened from another closes only the top one', async () => {
  const outer = vi.fn();
  const inner = vi.fn();
  render(
    <ResponsiveDialog open onOpenChange={outer} title="Внешний">
      <ResponsiveDialog open onOpenChange={inner} title="Внутренний" />
    </ResponsiveDialog>,
  );
  expect(screen.getByRole('dialog', { name: 'Внутренний' }).contains(document.activeElement)).toBe(true);
  await userEvent.keyboard('{Escape}');
  expect(inner).toHaveBeenCalledWith(false);
  expect(outer).not.toHaveBeenCalled();
});

it('unmounting an open dialog closes it and unlocks the page once the commit is over', async () => {
  const view = render(<ResponsiveDialog open onOpenChange={() => {}} title="Снимается" />);
  const dialog = screen.getByRole('dialog');
  view.unmount();
  // Not inside the commit: closing a modal dialog lays the page out, which mid-commit lost the page's scroll.
  expect(document.documentElement.style.overflow).toBe('hidden');
  await Promise.resolve();
  expect(dialog).not.toHaveAttribute('open');
  expect(document.documentElement.style.overflow).toBe('');
});
