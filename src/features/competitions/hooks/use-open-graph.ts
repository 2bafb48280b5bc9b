import { useEffect } from 'react';

/**
 * The page's Open Graph tags (`<meta property="og:*">`), set while it shows: a shared team page
 * previews with its name, words and picture wherever the link is pasted that runs the page.
 */
export function useOpenGraph(tags: Record<string, string> | null) {
  const serialized = tags ? JSON.stringify(tags) : '';
  useEffect(() => {
    if (!serialized) return;
    const added: HTMLMetaElement[] = [];
    for (const [property, content] of Object.entries(JSON.parse(serialized) as Record<string, string>)) {
      let meta = document.head.querySelector<HTMLMetaElement>(`meta[property="og:${property}"]`);
      if (!meta) {
        meta = document.createElement('meta');
        meta.setAttribute('property', `og:${property}`);
        document.head.append(meta);
        added.push(meta);
      }
      meta.content = content;
    }
    return () => added.forEach((meta) => meta.remove());
  }, [serialized]);
}
