import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState, type FormEvent } from 'react';
import { describe, expect, it } from 'vitest';
import { Form } from '@/components/form';
import { Input } from '@/components/input';

/** Two required fields; the submit marks the empty ones invalid. */
function TwoFields() {
  const [values, setValues] = useState({ first: '', second: '' });
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setErrors({ first: values.first ? undefined : 'Mangler', second: values.second ? undefined : 'Mangler' });
  };
  return (
    <Form onSubmit={submit}>
      {(['first', 'second'] as const).map((name) => (
        <Input
          key={name}
          label={name}
          value={values[name]}
          error={errors[name]}
          onChange={(event) => setValues((previous) => ({ ...previous, [name]: event.target.value }))}
        />
      ))}
      <button type="submit">Lagre</button>
    </Form>
  );
}

describe('Form', () => {
  it('moves focus to the first invalid field after a submit', async () => {
    const user = userEvent.setup();
    render(<TwoFields />);
    await user.click(screen.getByRole('button', { name: 'Lagre' }));
    expect(screen.getByLabelText('first')).toHaveFocus();

    await user.type(screen.getByLabelText('first'), 'x');
    await user.click(screen.getByRole('button', { name: 'Lagre' }));
    expect(screen.getByLabelText('second')).toHaveFocus();
  });

  it('leaves focus alone when nothing is invalid, and lets its own checks speak', async () => {
    const user = userEvent.setup();
    const { container } = render(<TwoFields />);
    expect(container.querySelector('form')).toHaveAttribute('novalidate');
    await user.type(screen.getByLabelText('first'), 'x');
    await user.type(screen.getByLabelText('second'), 'y');
    await user.click(screen.getByRole('button', { name: 'Lagre' }));
    expect(screen.getByRole('button', { name: 'Lagre' })).toHaveFocus();
  });
});
