import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Button, IconButton } from './button.tsx';

describe('Button', () => {
  it('is a type=button by default, forwards native props and the ref', async () => {
    const onClick = vi.fn();
    const ref = createRef<HTMLButtonElement>();
    render(
      <Button ref={ref} onClick={onClick} name="go" variant="secondary" size="l" fullWidth>
        В корзину
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'В корзину' });
    expect(button).toHaveAttribute('type', 'button');
    expect(button).toHaveAttribute('name', 'go');
    expect(button).toHaveClass('secondary', 'l', 'fullWidth');
    expect(ref.current).toBe(button);
    await userEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('loading keeps the name, shows a spinner, sets aria-busy and disables it', async () => {
    const onClick = vi.fn();
    render(
      <Button loading onClick={onClick}>
        Оформить
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Оформить' });
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(button).toBeDisabled();
    expect(button.querySelector('svg')).not.toBeNull();
    await userEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });
});

describe('IconButton', () => {
  it('is named by its aria-label', () => {
    render(
      <IconButton aria-label="Закрыть">
        <svg aria-hidden="true" />
      </IconButton>,
    );
    expect(screen.getByRole('button', { name: 'Закрыть' })).toHaveAttribute('type', 'button');
  });
});
