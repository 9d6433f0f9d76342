/**
 * On the locator's iframe page (/embed/v1/frame, marked by `data-locator-frame` listing the
 * embedding origins), tells the parent page the document's height whenever it changes, so
 * that the parent can size the iframe: `{ type: 'locator:height', height }`, posted to each
 * allowed origin (only the one that frames the page receives it).
 */
export function startFrameHeight(): void {
  const origins = document.body?.dataset.locatorFrame;
  if (!origins || window.parent === window) return;
  let last = -1;
  const post = () => {
    const height = Math.ceil(document.documentElement.scrollHeight);
    if (height === last) return;
    last = height;
    for (const origin of origins.split(' ')) {
      window.parent.postMessage({ type: 'locator:height', height }, origin);
    }
  };
  new ResizeObserver(post).observe(document.documentElement);
  post();
}
