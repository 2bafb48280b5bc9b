import { lazy, Suspense } from 'react';
import type { MediaPickerProps } from './media-picker';

const Picker = lazy(() => import('./media-picker'));

/**
 * The media picker for editors: its code (grid, upload, AI form) downloads the first time it opens,
 * so a screen that never opens it does not pay for it.
 */
export function MediaPicker(props: MediaPickerProps) {
  if (!props.open) return null;
  return (
    <Suspense fallback={null}>
      <Picker {...props} />
    </Suspense>
  );
}
