import { defaultToastBox, toastPlacementFor } from '@/components/toast-placement';

const box = (top: number, left: number, height = 44, width = 120) => ({
  top,
  left,
  bottom: top + height,
  right: left + width,
});

describe('toastPlacementFor', () => {
  it('keeps the default place when nothing is focused or the control is elsewhere', () => {
    expect(toastPlacementFor(null, 390, 844)).toBe('default');
    // A phone: a button high on the screen; a desktop: a form button on the left.
    expect(toastPlacementFor(box(200, 16), 390, 844)).toBe('default');
    expect(toastPlacementFor(box(120, 300), 1280, 800)).toBe('default');
  });

  it('moves the toasts to the other edge when the control just used is where they would go', () => {
    // A phone: «Lagre» at the bottom of the screen, inside the bottom band (10rem).
    expect(toastPlacementFor(box(780, 16), 390, 844)).toBe('alternate');
    // A desktop: a button in the top-right corner under the header.
    expect(toastPlacementFor(box(80, 1100), 1280, 800)).toBe('alternate');
  });

  it('measures the band in the page’s rem', () => {
    expect(defaultToastBox(390, 844, 20)).toEqual({ top: 644, right: 390, bottom: 844, left: 0 });
    expect(defaultToastBox(1280, 800)).toEqual({ top: 64, right: 1280, bottom: 224, left: 896 });
  });
});
