import { useEffect, useRef } from 'react';

/**
 * Focus back on the control that started some work once it is done: a button is disabled while it
 * saves, and the browser then drops its focus to the page. Only when focus was dropped, so a person
 * who moved on meanwhile is not pulled back. Give the ref to the button (or what replaces it).
 */
export function useKeepFocus<T extends HTMLElement = HTMLButtonElement>(pending: boolean) {
  const ref = useRef<T>(null);
  const wasPending = useRef(false);
  useEffect(() => {
    const dropped = document.activeElement === null || document.activeElement === document.body;
    if (wasPending.current && !pending && dropped) ref.current?.focus();
    wasPending.current = pending;
  }, [pending]);
  return ref;
}
