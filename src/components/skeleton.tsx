import type { CSSProperties } from 'react';
import styles from '@/components/feedback.module.css';

// Skeletons are decoration only: the surrounding region announces loading (aria-busy or a Spinner).

export type SkeletonProps = {
  width?: CSSProperties['width'];
  height?: CSSProperties['height'];
  radius?: CSSProperties['borderRadius'];
  className?: string;
};

export function Skeleton({ width = '100%', height = '1em', radius, className }: SkeletonProps) {
  return (
    <span
      aria-hidden="true"
      data-skeleton=""
      className={className ? `${styles.skeleton} ${className}` : styles.skeleton}
      style={{ width, height, borderRadius: radius }}
    />
  );
}

export function SkeletonText({ lines = 3 }: { lines?: number }) {
  return (
    <span aria-hidden="true" className={styles.skeletonText}>
      {Array.from({ length: lines }, (_, index) => (
        // A shorter last line reads as the end of a paragraph.
        <Skeleton key={index} width={index === lines - 1 && lines > 1 ? '60%' : '100%'} />
      ))}
    </span>
  );
}
