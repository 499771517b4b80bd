import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { Field } from './field.tsx';

/** A one-field form the way every form wires react-hook-form to a Field. */
function FloorForm() {
  const form = useForm({ defaultValues: { floor: '' }, mode: 'onChange' });
  return (
    <Field label="Этаж" error={form.formState.errors.floor?.message}>
      {(control) => (
        <input
          {...control}
          {...form.register('floor', { validate: (v) => /^\d*$/.test(v) || 'Только цифры' })}
        />
      )}
    </Field>
  );
}

describe('Field', () => {
  it('names its control by the label, so a click on the label focuses it', async () => {
    render(<Field label="Подъезд">{(control) => <input {...control} />}</Field>);
    const input = screen.getByRole('textbox', { name: 'Подъезд' });
    await userEvent.click(screen.getByText('Подъезд'));
    expect(input).toHaveFocus();
  });

  it('is valid and described by its hint while there is no error', () => {
    render(
      <Field label="Номер телефона" hint="Пришлём СМС с кодом">
        {(control) => <input {...control} />}
      </Field>,
    );
    const input = screen.getByRole('textbox', { name: 'Номер телефона' });
    expect(input).toHaveAttribute('aria-invalid', 'false');
    expect(input).toHaveAccessibleDescription('Пришлём СМС с кодом');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('announces an error, marks the control invalid and describes it by hint and error', () => {
    render(
      <Field label="Комментарий" hint="Для курьера" error="Не больше 100 символов" describedBy="outside">
        {(control) => <textarea {...control} />}
      </Field>,
    );
    const textarea = screen.getByRole('textbox', { name: 'Комментарий' });
    expect(textarea).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('alert')).toHaveTextContent('Не больше 100 символов');
    const ids = textarea.getAttribute('aria-describedby')?.split(' ') ?? [];
    expect(ids).toHaveLength(3);
    expect(document.getElementById(ids[0] ?? '')).toHaveTextContent('Для курьера');
    expect(document.getElementById(ids[1] ?? '')).toBe(screen.getByRole('alert'));
    expect(ids[2]).toBe('outside');
  });

  it('marks a required field for the eye (hidden from a screen reader) and for assistive technology', () => {
    render(
      <Field label="Имя" required>
        {(control) => <input {...control} />}
      </Field>,
    );
    const input = screen.getByRole('textbox', { name: 'Имя' });
    expect(input).toBeRequired();
    expect(screen.getByText('*', { exact: false })).toHaveAttribute('aria-hidden', 'true');
  });

  it('takes react-hook-form registration and shows its error as the customer types', async () => {
    render(<FloorForm />);
    const input = screen.getByRole('textbox', { name: 'Этаж' });
    await userEvent.type(input, '3а');
    expect(await screen.findByRole('alert')).toHaveTextContent('Только цифры');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Только цифры');
    await userEvent.type(input, '{Backspace}');
    await expect.poll(() => input.getAttribute('aria-invalid')).toBe('false');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('hides a personal field from session recording (Metrika ym-hide-content, ym-disable-keys), others not', () => {
    render(
      <>
        <Field label="Телефон" personal>
          {(control) => <input {...control} />}
        </Field>
        <Field label="Промокод">{(control) => <input {...control} />}</Field>
      </>,
    );
    const phone = screen.getByRole('textbox', { name: 'Телефон' });
    expect(phone).toHaveClass('ym-hide-content', 'ym-disable-keys');
    expect(screen.getByRole('textbox', { name: 'Промокод' })).not.toHaveClass('ym-hide-content');
  });
});
