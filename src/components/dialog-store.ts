// A module-level store so confirm() works from any code (event handlers, loaders) without a context.

export type ConfirmOptions = {
  title: string;
  description?: string;
  confirmLabel?: string;
  cancelLabel?: string;
  /** 'danger' paints the confirm button red for destructive, irreversible actions. */
  tone?: 'danger' | 'default';
};

export type ConfirmRequest = ConfirmOptions & { id: number };

type Pending = { request: ConfirmRequest; resolve: (confirmed: boolean) => void };

let queue: readonly Pending[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

/** Asks the user to confirm; resolves true on confirm and false on cancel, close or Escape. */
export function confirm(options: ConfirmOptions): Promise<boolean> {
  if (listeners.size === 0) {
    // Without a host nobody could ever answer, and the caller would wait forever.
    return Promise.reject(new Error('confirm() needs <DialogHost /> to be mounted'));
  }
  return new Promise<boolean>((resolve) => {
    queue = [...queue, { request: { ...options, id: nextId++ }, resolve }];
    emit();
  });
}

/** Answers the request on screen and shows the next one, if any. */
export function answerConfirm(id: number, confirmed: boolean): void {
  const pending = queue.find((item) => item.request.id === id);
  if (!pending) return;
  queue = queue.filter((item) => item !== pending);
  pending.resolve(confirmed);
  emit();
}

export function subscribeConfirm(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function getCurrentConfirm(): ConfirmRequest | null {
  return queue[0]?.request ?? null;
}
