import { useState, type FormEvent } from 'react';

/**
 * A six-digit code typed into one field (an SMS or e-mail code, an authenticator's code): spaces
 * are ignored, anything else than six digits is marked invalid and not sent.
 */
export function useCodeField(send: (code: string) => void) {
  const [value, setValue] = useState('');
  const [invalid, setInvalid] = useState(false);
  const onChange = (next: string) => {
    setValue(next);
    setInvalid(false);
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const code = value.replace(/\s/gu, '');
    const ok = /^\d{6}$/u.test(code);
    setInvalid(!ok);
    if (ok) send(code);
  };
  return { value, invalid, onChange, onSubmit };
}
