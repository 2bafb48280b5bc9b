import { render, screen } from '@testing-library/react';
import { useKeepFocus } from '@/lib/use-keep-focus';

function Save({ pending }: { pending: boolean }) {
  const ref = useKeepFocus(pending);
  return (
    <>
      <button ref={ref} type="button" disabled={pending}>
        Lagre
      </button>
      <input aria-label="Annet felt" />
    </>
  );
}

describe('useKeepFocus', () => {
  it('puts focus back on the button once saving is done, when the browser dropped it', () => {
    const { rerender } = render(<Save pending={false} />);
    const button = screen.getByRole('button', { name: 'Lagre' });
    button.focus();
    // What Chromium does to a focused button that becomes disabled: focus falls to the page.
    button.blur();
    rerender(<Save pending />);
    expect(document.body).toHaveFocus();
    rerender(<Save pending={false} />);
    expect(button).toHaveFocus();
  });

  it('leaves focus where the person moved it meanwhile', () => {
    const { rerender } = render(<Save pending={false} />);
    rerender(<Save pending />);
    screen.getByRole('textbox', { name: 'Annet felt' }).focus();
    rerender(<Save pending={false} />);
    expect(screen.getByRole('textbox', { name: 'Annet felt' })).toHaveFocus();
  });
});
