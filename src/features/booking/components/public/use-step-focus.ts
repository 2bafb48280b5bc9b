import { useEffect, useRef } from 'react';

/**
 * Moves the focus to a step's heading when the step changes (not on the page's first render), so a
 * keyboard or screen reader user starts the new step at its name. It compares with the step last
 * shown rather than counting renders, so React's doubled effects in development focus nothing.
 */
export function useStepFocus(step: string) {
  const heading = useRef<HTMLHeadingElement>(null);
  const shown = useRef(step);
  useEffect(() => {
    if (shown.current === step) return;
    shown.current = step;
    heading.current?.focus();
  }, [step]);
  return heading;
}
