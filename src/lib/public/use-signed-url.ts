import { useEffect, useState } from 'react';
import { signPublicMedia } from './public-storage';

/** A library object signed as anon for this page (null while signing, or when it may not be shown). */
export function useSignedUrl(path: string | null | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!path) return;
    const controller = new AbortController();
    void signPublicMedia(path, controller.signal).then((signed) => {
      if (!controller.signal.aborted) setUrl(signed);
    });
    return () => controller.abort();
  }, [path]);
  return path ? url : null;
}
