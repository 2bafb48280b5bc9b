import { useEffect, useRef } from 'react';

/**
 * Moves the focus to a step's heading when the step changes (not on the page's first render), so a
 * keyboard or screen reader user starts the new step at its name.
 */
export function useStepFocus(step: string) {
  const heading = useRef<HTMLHeadingElement>(null);
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    heading.current?.focus();
  }, [step]);
  return heading;
}
