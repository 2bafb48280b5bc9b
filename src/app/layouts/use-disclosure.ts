import { useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * A disclosure (a button that shows and hides the panel after it), as the narrow-screen menu uses
 * it: Escape closes it and gives the focus back to the button; choosing a link closes it and puts
 * the focus on the page's main content, so it never falls to <body>. It is open only on the page
 * where it was opened, so any navigation closes it.
 */
export function useDisclosure() {
  const { pathname } = useLocation();
  const [openOn, setOpenOn] = useState<string | null>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const open = openOn === pathname;

  const close = (focus: 'button' | 'main') => {
    setOpenOn(null);
    if (focus === 'button') buttonRef.current?.focus();
    // After the new screen has rendered: the link that had the focus is gone with the panel.
    else requestAnimationFrame(() => document.getElementById('main')?.focus());
  };

  return {
    open,
    buttonProps: {
      ref: buttonRef,
      'aria-expanded': open,
      onClick: () => setOpenOn(open ? null : pathname),
      onKeyDown: (event: KeyboardEvent) => {
        if (event.key === 'Escape' && open) close('button');
      },
    },
    panelProps: {
      onKeyDown: (event: KeyboardEvent) => {
        if (event.key === 'Escape' && open) {
          event.stopPropagation();
          close('button');
        }
      },
      onClick: (event: MouseEvent) => {
        if (open && (event.target as Element).closest('a[href]')) close('main');
      },
    },
  };
}
