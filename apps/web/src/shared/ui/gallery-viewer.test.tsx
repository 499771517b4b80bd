import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { GalleryViewer } from './gallery-viewer.tsx';

const images = [1, 2, 3, 4, 5].map((n) => ({ src: `/media/${n}.webp`, alt: `Фото ${n}` }));

function setup(startIndex = 1) {
  const onClose = vi.fn();
  const view = render(<GalleryViewer open images={images} startIndex={startIndex} onClose={onClose} />);
  return { onClose, view, user: userEvent.setup() };
}

const counter = () => screen.getByText(/^\d+ \/ \d+$/);

describe('GalleryViewer', () => {
  it('opens at startIndex with a counter', () => {
    setup(1);
    expect(screen.getByRole('dialog', { name: 'Просмотр фото' })).toBeInTheDocument();
    expect(counter()).toHaveTextContent('2 / 5');
    expect(screen.getByRole('img')).toHaveAttribute('alt', 'Фото 2');
  });

  it('moves with ←/→ and wraps around', async () => {
    const { user } = setup(1);
    await user.keyboard('{ArrowRight}');
    expect(counter()).toHaveTextContent('3 / 5');
    await user.keyboard('{ArrowLeft}{ArrowLeft}{ArrowLeft}');
    expect(counter()).toHaveTextContent('5 / 5');
    expect(screen.getByRole('img')).toHaveAttribute('alt', 'Фото 5');
  });

  it('moves with the arrow buttons', async () => {
    const { user } = setup(0);
    await user.click(screen.getByRole('button', { name: 'Следующее фото' }));
    expect(counter()).toHaveTextContent('2 / 5');
    await user.click(screen.getByRole('button', { name: 'Предыдущее фото' }));
    expect(counter()).toHaveTextContent('1 / 5');
  });

  it('moves on a horizontal swipe', () => {
    setup(0);
    const stage = screen.getByRole('img').parentElement as HTMLElement;
    fireEvent.pointerDown(stage, { pointerId: 1, isPrimary: true, clientX: 300, clientY: 200 });
    fireEvent.pointerUp(stage, { pointerId: 1, clientX: 120, clientY: 210 });
    expect(counter()).toHaveTextContent('2 / 5');
    fireEvent.pointerDown(stage, { pointerId: 2, isPrimary: true, clientX: 100, clientY: 200 });
    fireEvent.pointerUp(stage, { pointerId: 2, clientX: 300, clientY: 200 });
    expect(counter()).toHaveTextContent('1 / 5');
  });

  it('Escape and the close button call onClose', async () => {
    const { onClose, user } = setup();
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Закрыть' }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('restarts at startIndex when reopened, and takes custom labels', () => {
    const { view } = setup(3);
    view.rerender(<GalleryViewer open={false} images={images} startIndex={3} onClose={() => {}} />);
    view.rerender(
      <GalleryViewer open images={images} startIndex={0} onClose={() => {}} labels={{ next: 'Next' }} />,
    );
    expect(counter()).toHaveTextContent('1 / 5');
    expect(screen.getByRole('button', { name: 'Next' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Предыдущее фото' })).toBeInTheDocument();
  });

  it('has no arrows for a single photo', () => {
    render(<GalleryViewer open images={images.slice(0, 1)} startIndex={0} onClose={() => {}} />);
    expect(screen.queryByRole('button', { name: 'Следующее фото' })).not.toBeInTheDocument();
    expect(counter()).toHaveTextContent('1 / 1');
  });

  it('is a native modal dialog focused on its close button; closing gives focus back', async () => {
    const opener = document.createElement('button');
    document.body.append(opener);
    opener.focus();
    const { view } = setup();
    const dialog = screen.getByRole('dialog', { name: 'Просмотр фото' });
    expect(dialog.tagName).toBe('DIALOG');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Закрыть' }));
    view.rerender(<GalleryViewer open={false} images={images} startIndex={1} onClose={() => {}} />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await Promise.resolve();
    expect(document.activeElement).toBe(opener);
    opener.remove();
  });
});
