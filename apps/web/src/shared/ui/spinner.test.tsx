import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { IndeterminateBar, Spinner } from './spinner.tsx';

describe('Spinner', () => {
  it('is decorative without a label', () => {
    const { container } = render(<Spinner size={32} />);
    expect(container.firstElementChild).toHaveAttribute('aria-hidden', 'true');
    expect(container.querySelector('svg')).toHaveAttribute('width', '32');
  });

  it('with a label is a status', () => {
    render(<Spinner label="Загрузка меню" />);
    expect(screen.getByRole('status')).toHaveTextContent('Загрузка меню');
  });
});

describe('IndeterminateBar', () => {
  it('is a named progress bar', () => {
    render(<IndeterminateBar />);
    expect(screen.getByRole('progressbar', { name: 'Загрузка…' })).toBeInTheDocument();
  });
});
