/**
 * Where the toasts go. By default: across a phone's width just above its bottom edge; from 48rem in
 * the top-right corner under the header. When the control just used (the focused one) sits in that
 * place, the toasts take the other edge instead (the top of a phone, the bottom-right of a desktop),
 * so a message never covers the button that raised it. «Just used»: the focused control, else the one
 * last clicked or focused (rememberLastControl).
 */
export type ToastPlacement = 'default' | 'alternate';

type Box = { top: number; right: number; bottom: number; left: number };

const WIDE_FROM_REM = 48;
// The room a toast or two take: their height with the viewport's padding, and the desktop column.
const BAND_HEIGHT_REM = 10;
const HEADER_REM = 4;
const COLUMN_WIDTH_REM = 24;

/** The box the toasts take in their default place, in a window of `width` × `height` CSS pixels. */
export function defaultToastBox(width: number, height: number, rem = 16): Box {
  if (width < WIDE_FROM_REM * rem)
    return { top: height - BAND_HEIGHT_REM * rem, right: width, bottom: height, left: 0 };
  const top = HEADER_REM * rem;
  return {
    top,
    right: width,
    bottom: top + BAND_HEIGHT_REM * rem,
    left: width - Math.min(COLUMN_WIDTH_REM * rem, width),
  };
}

export function toastPlacementFor(
  action: Box | null,
  width: number,
  height: number,
  rem = 16,
): ToastPlacement {
  if (!action) return 'default';
  const box = defaultToastBox(width, height, rem);
  const overlaps =
    action.left < box.right && action.right > box.left && action.top < box.bottom && action.bottom > box.top;
  return overlaps ? 'alternate' : 'default';
}

let lastControl: Element | null = null;

/**
 * Remembers the control last clicked or focused: a toast usually comes after a save, and a button
 * that is disabled while it saves has lost the focus by then. Returns the cleanup.
 */
export function rememberLastControl(): () => void {
  const remember = (event: Event) => {
    if (event.target instanceof Element && event.target !== document.body) lastControl = event.target;
  };
  document.addEventListener('click', remember, true);
  document.addEventListener('focusin', remember, true);
  return () => {
    document.removeEventListener('click', remember, true);
    document.removeEventListener('focusin', remember, true);
    lastControl = null;
  };
}

/** The placement for a toast raised now, from the control just used and the window. */
export function currentToastPlacement(): ToastPlacement {
  const focused =
    document.activeElement && document.activeElement !== document.body ? document.activeElement : null;
  const control = focused ?? (lastControl?.isConnected ? lastControl : null);
  const rem = Number.parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;
  return toastPlacementFor(
    control?.getBoundingClientRect() ?? null,
    window.innerWidth,
    window.innerHeight,
    rem,
  );
}
