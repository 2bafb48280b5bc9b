/** The message an embedded page sends its parent (docs/campaign-engine.md, «Embeds»). */
export type HeightMessage = { type: 'leadtorget:height'; height: number };

/**
 * The content's height: the body's box with its margins. Not the document's `scrollHeight`, which
 * never falls below the frame's own height: the frame could grow but never shrink back.
 */
function contentHeight(body: HTMLElement): number {
  const style = getComputedStyle(body);
  const margins = (parseFloat(style.marginTop) || 0) + (parseFloat(style.marginBottom) || 0);
  return Math.ceil(body.getBoundingClientRect().height + margins);
}

/**
 * Tells the page that embeds this one how tall its content is, whenever that changes (up or down), so
 * the snippet can size the iframe and no inner scrollbar or blank space appears. Does nothing when the
 * page is not in a frame. Returns a function that stops it.
 */
export function reportHeightToParent(body: HTMLElement = document.body): () => void {
  if (window.parent === window || typeof ResizeObserver === 'undefined') return () => undefined;
  // In a frame the page is as tall as its content: the usual «at least the window's height» of the
  // body and the page background (tokens.css, PublicPage) would hold the frame at its largest.
  document.documentElement.dataset.embedded = 'true';
  let last = -1;
  const send = () => {
    const height = contentHeight(body);
    if (height === last) return;
    last = height;
    const message: HeightMessage = { type: 'leadtorget:height', height };
    // '*': the page cannot know which site embeds it; the height is no secret.
    window.parent.postMessage(message, '*');
  };
  const observer = new ResizeObserver(send);
  observer.observe(body);
  send();
  return () => {
    observer.disconnect();
    delete document.documentElement.dataset.embedded;
  };
}
