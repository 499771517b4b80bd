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

describe('a photo the server sized (decision 46)', () => {
  const key = '0123456789abcdef0123456789abcdef';
  const src = `/media/u/${key}/640.jpg`;

  it('offers AVIF and WebP before the JPEG, each in every width, with the box’s sizes', () => {
    render(<FallbackImage src={src} alt="Ролл" fallbackSrc={FALLBACK} sizes="50vw" />);
    const image = screen.getByRole('img', { name: 'Ролл' });
    expect(image).toHaveAttribute('src', src);
    expect(image).toHaveAttribute('srcset', expect.stringContaining(`/media/u/${key}/960.jpg 960w`));
    expect(image).toHaveAttribute('sizes', '50vw');
    const sources = [...document.querySelectorAll('picture source')];
    expect(sources.map((s) => s.getAttribute('type'))).toEqual(['image/avif', 'image/webp']);
    expect(sources[0]?.getAttribute('srcset')).toContain(`/media/u/${key}/320.avif 320w`);
    expect(sources.every((s) => s.getAttribute('sizes') === '50vw')).toBe(true);
  });

  it('keeps a plain URL and the fallback as a single picture', () => {
    render(<FallbackImage src="/media/menu/roll.jpg" alt="Ролл" fallbackSrc={FALLBACK} sizes="50vw" />);
    expect(document.querySelector('picture')).toBeNull();
    expect(screen.getByRole('img')).not.toHaveAttribute('srcset');
    fireEvent.error(screen.getByRole('img'));
    expect(screen.getByRole('img')).toHaveAttribute('src', FALLBACK);
  });

  it('falls back to the placeholder when the sized photo fails', () => {
    render(<FallbackImage src={src} alt="Ролл" fallbackSrc={FALLBACK} sizes="50vw" />);
    fireEvent.error(screen.getByRole('img'));
    expect(document.querySelector('picture')).toBeNull();
    expect(screen.getByRole('img')).toHaveAttribute('src', FALLBACK);
  });
});
