import { useEffect, useRef, useState, type ComponentProps, type FormEvent } from 'react';

export type FormProps = Omit<ComponentProps<'form'>, 'noValidate'> & {
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
};

/**
 * A form whose own checks speak, not the browser's (noValidate), and that moves keyboard focus to
 * the first invalid field after a submit, so a keyboard or screen-reader user lands on what needs
 * fixing instead of staying on the button. "Invalid" is what Field marks: `aria-invalid="true"`.
 * The focus runs after the render the submit caused, when the field errors are on screen.
 */
export function Form({ onSubmit, children, ...rest }: FormProps) {
  const form = useRef<HTMLFormElement>(null);
  const [submits, setSubmits] = useState(0);

  useEffect(() => {
    if (submits === 0) return;
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [submits]);

  return (
    <form
      {...rest}
      ref={form}
      noValidate
      onSubmit={(event) => {
        onSubmit(event);
        setSubmits((count) => count + 1);
      }}
    >
      {children}
    </form>
  );
}
