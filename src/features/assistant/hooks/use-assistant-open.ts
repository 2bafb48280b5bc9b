import { useSyncExternalStore } from 'react';

/** Whether the help panel is open; one panel for the whole app, opened from any layout or with `?`. */
let open = false;
let enabled = true;
const listeners = new Set<() => void>();

/** VITE_ASSISTANT_ENABLED=false turns the panel, its button and the shortcut off. */
export function setAssistantEnabled(value: boolean) {
  enabled = value;
  if (!value) setAssistantOpen(false);
}

export const isAssistantEnabled = () => enabled;

export function setAssistantOpen(next: boolean) {
  if (next && !enabled) return;
  if (open === next) return;
  open = next;
  for (const listener of listeners) listener();
}

export const toggleAssistant = () => setAssistantOpen(!open);

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useAssistantOpen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => open,
    () => open,
  );
}
