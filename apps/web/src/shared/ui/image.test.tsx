import { fireEvent, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { FallbackImage } from './image.tsx';

const FALLBACK = '/media/placeholder.svg';

describe('FallbackImage', () => {
  it('shows the picture lazily and asynchronously decoded in a 16 / 9 box', () => {
    render(<FallbackImage src="/media/pizza.webp" alt="Пицца" fallbackSrc={FALLBACK} />);
    const image = screen.getByRole('img', { name: 'Пицца' });
    expect(image).toHaveAttribute('src', '/media/pizza.webp');
    expect(image).toHaveAttribute('loading', 'lazy');
    expect(image).toHaveAttribute('decoding', 'async');
    expect(image.parentElement).toHaveStyle({ aspectRatio: '16 / 9' });
  });

  it.each([null, undefined, '', '  '])('shows the fallback for an empty src (%j)', (src) => {
    render(<FallbackImage src={src} alt="Пицца" fallbackSrc={FALLBACK} />);
    expect(screen.getByRole('img', { name: 'Пицца' })).toHaveAttribute('src', FALLBACK);
  });

  it('switches to the fallback when the picture fails, and tries a new src again', () => {
    const { rerender } = render(<FallbackImage src="/media/broken.webp" alt="Суп" fallbackSrc={FALLBACK} />);
    fireEvent.error(screen.getByRole('img'));
    expect(screen.getByRole('img', { name: 'Суп' })).toHaveAttribute('src', FALLBACK);
    // A failing fallback doesn't loop.
    fireEvent.error(screen.getByRole('img'));
    expect(screen.getByRole('img')).toHaveAttribute('src', FALLBACK);
    rerender(<FallbackImage src="/media/soup.webp" alt="Суп" fallbackSrc={FALLBACK} />);
    expect(screen.getByRole('img')).toHaveAttribute('src', '/media/soup.webp');
  });

  it('takes the aspect ratio, loading and class name', () => {
    render(
      <FallbackImage
        src="/a.webp"
        alt=""
        fallbackSrc={FALLBACK}
        aspectRatio="1"
        loading="eager"
        className="card"
      />,
    );
    const image = document.querySelector('img');
    expect(image).toHaveAttribute('loading', 'eager');
    expect(image?.parentElement).toHaveClass('card');
    expect(image?.parentElement).toHaveStyle({ aspectRatio: '1' });
  });
});

it('leaves the picture out of a server drawing, keeping its box (decision 44)', () => {
  const markup = renderToString(
    <FallbackImage src="/media/menu/roll.webp" alt="Ролл" fallbackSrc="/media/placeholder.svg" />,
  );
  expect(markup).toContain('aspect-ratio:16 / 9');
  expect(markup).not.toContain('<img');
});
