import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import type { FormEvent } from 'react';
import { Button, IconButton } from '@/components/button';
import { renderWithI18n } from './i18n-for-tests';

describe('Button', () => {
  it('is a plain button by default, so it never submits a form by accident', async () => {
    const onSubmit = vi.fn((event: FormEvent) => event.preventDefault());
    renderWithI18n(
      <form onSubmit={onSubmit}>
        <Button>Lagre</Button>
      </form>,
    );
    const button = screen.getByRole('button', { name: 'Lagre' });
    expect(button).toHaveAttribute('type', 'button');
    await userEvent.click(button);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('submits when asked to', async () => {
    const onSubmit = vi.fn((event: FormEvent) => event.preventDefault());
    renderWithI18n(
      <form onSubmit={onSubmit}>
        <Button type="submit">Send</Button>
      </form>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('is operable with the keyboard', async () => {
    const onClick = vi.fn();
    renderWithI18n(<Button onClick={onClick}>Kjøp</Button>);
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Kjøp' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await userEvent.keyboard(' ');
    expect(onClick).toHaveBeenCalledTimes(2);
  });

  it('while loading is busy, disabled and ignores clicks', async () => {
    const onClick = vi.fn();
    renderWithI18n(
      <Button loading onClick={onClick}>
        Kjøp lead
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Kjøp lead' });
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(button).toBeDisabled();
    expect(button.querySelector('[aria-hidden="true"]')).not.toBeNull();
    await userEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('while loading keeps its label as its name and in the layout, under the spinner', () => {
    renderWithI18n(<Button loading>Lagre</Button>);
    const button = screen.getByRole('button', { name: 'Lagre' });
    // The label stays in the button (transparent), so the button is as wide as before.
    const label = screen.getByText('Lagre');
    expect(button).toContainElement(label);
    expect(label).not.toHaveAttribute('hidden');
    expect(label).not.toHaveAttribute('aria-hidden');
    expect(button.querySelector('[aria-hidden="true"]')).not.toContainElement(label);
  });

  it('is not busy when idle', () => {
    renderWithI18n(<Button variant="danger">Slett</Button>);
    const button = screen.getByRole('button', { name: 'Slett' });
    expect(button).not.toHaveAttribute('aria-busy');
    expect(button).toBeEnabled();
    expect(button).toHaveAttribute('data-variant', 'danger');
  });

  it('passes its ref to the button element', () => {
    const ref = createRef<HTMLButtonElement>();
    renderWithI18n(<Button ref={ref}>Ok</Button>);
    expect(ref.current).toBe(screen.getByRole('button', { name: 'Ok' }));
  });
});

describe('IconButton', () => {
  it('has its label as its name and as the pointer tooltip, and the icon hidden', async () => {
    const onClick = vi.fn();
    renderWithI18n(
      <IconButton
        label="Flere valg"
        icon={<svg data-testid="icon" aria-hidden="true" />}
        onClick={onClick}
      />,
    );
    const button = screen.getByRole('button', { name: 'Flere valg' });
    expect(button).toHaveAttribute('title', 'Flere valg');
    expect(button).toHaveAttribute('data-variant', 'ghost');
    expect(screen.getByTestId('icon')).toHaveAttribute('aria-hidden', 'true');
    await userEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
  });
});
