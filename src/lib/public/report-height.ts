/** The message an embedded page sends its parent (docs/campaign-engine.md, «Embeds»). */
export type HeightMessage = { type: 'leadtorget:height'; height: number };

/**
 * Tells the page that embeds this one how tall it is, whenever that changes, so the snippet can size
 * the iframe and no inner scrollbar appears. Does nothing when the page is not in a frame. Returns a
 * function that stops it.
 */
export function reportHeightToParent(element: HTMLElement = document.documentElement): () => void {
  if (window.parent === window || typeof ResizeObserver === 'undefined') return () => undefined;
  let last = -1;
  const send = () => {
    const height = Math.ceil(element.scrollHeight);
    if (height === last) return;
    last = height;
    const message: HeightMessage = { type: 'leadtorget:height', height };
    // '*': the page cannot know which site embeds it; the height is no secret.
    window.parent.postMessage(message, '*');
  };
  const observer = new ResizeObserver(send);
  observer.observe(element);
  send();
  return () => observer.disconnect();
}
