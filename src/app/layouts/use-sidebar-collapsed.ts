import { useState } from 'react';

export const SIDEBAR_COLLAPSED_KEY = 'leadtorget.sidebar-collapsed';

function stored(): boolean {
  try {
    return localStorage.getItem(SIDEBAR_COLLAPSED_KEY) === 'true';
  } catch {
    // Storage can be blocked (private modes, policies): the side bar then starts open.
    return false;
  }
}

/** Whether the desktop side bar shows icons only; the choice outlives the visit. */
export function useSidebarCollapsed() {
  const [collapsed, setCollapsed] = useState(stored);
  const toggle = () => {
    const next = !collapsed;
    setCollapsed(next);
    try {
      localStorage.setItem(SIDEBAR_COLLAPSED_KEY, String(next));
    } catch {
      // Not remembered; the side bar still follows the click.
    }
  };
  return { collapsed, toggle };
}
