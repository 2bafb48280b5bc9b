import { render, screen } from '@testing-library/react';
import { StrictMode } from 'react';

import { useStepFocus } from '@/features/booking/components/public/use-step-focus';

function Step({ step }: { step: string }) {
  const heading = useStepFocus(step);
  return (
    <h2 ref={heading} tabIndex={-1}>
      {step}
    </h2>
  );
}

describe('useStepFocus', () => {
  it('leaves the focus alone on the first render, even with doubled effects', () => {
    render(
      <StrictMode>
        <Step step="service" />
      </StrictMode>,
    );
    expect(document.body).toHaveFocus();
  });

  it('moves the focus to the heading when the step changes', () => {
    const { rerender } = render(
      <StrictMode>
        <Step step="service" />
      </StrictMode>,
    );
    rerender(
      <StrictMode>
        <Step step="day" />
      </StrictMode>,
    );
    expect(screen.getByRole('heading', { name: 'day' })).toHaveFocus();
  });
});
