import { useEffect, useRef, useState } from 'react';
import styles from './funnel-public.module.css';

type EmbeddedFrameProps = {
  /** A page of this origin made for frames (`/skjema/iframe?id=…`, `/kasse/iframe?id=…`). */
  src: string;
  title: string;
  /** Every other message the framed page posts (its height is handled here). */
  onMessage: (event: MessageEvent) => void;
};

/**
 * Another area's public page inside a funnel step, as a customer's site embeds it: the page reports its
 * height (docs/campaign-engine.md «Embeds») and what happened in it (a form sent, a checkout paid).
 * Features do not import each other; the frame keeps the form and the checkout theirs.
 */
export function EmbeddedFrame({ src, title, onMessage }: EmbeddedFrameProps) {
  const frame = useRef<HTMLIFrameElement>(null);
  const [height, setHeight] = useState<number | null>(null);
  const handler = useRef(onMessage);
  useEffect(() => {
    handler.current = onMessage;
  });
  useEffect(() => {
    const listen = (event: MessageEvent) => {
      if (event.source !== frame.current?.contentWindow) return;
      const data = event.data as { type?: unknown; height?: unknown } | null;
      if (data?.type === 'leadtorget:height' && typeof data.height === 'number') setHeight(data.height);
      else handler.current(event);
    };
    window.addEventListener('message', listen);
    return () => window.removeEventListener('message', listen);
  }, []);
  return (
    <iframe
      ref={frame}
      className={styles.frame}
      src={src}
      title={title}
      style={height ? { height: `${height}px` } : undefined}
    />
  );
}
