/**
 * The store pages' island (apps/server/src/modules/pages/README.md): the server-rendered page works
 * without JavaScript; this small entry adds what needs it, with the web app's own components:
 * the Share button (Web Share API, else the link copied and announced in the page's status
 * region). It reads the page's JSON data block, never inline script.
 */
import { createRoot } from 'react-dom/client';
import { STORE_ISLAND_DATA_ID, type StoreIslandData } from '@locator/core';
import { ShareButton } from '../components/ShareButton';

/** How long "link copied" stays in the status region (as on the results page). */
const COPIED_MS = 4000;

function readData(): StoreIslandData | undefined {
  const text = document.getElementById(STORE_ISLAND_DATA_ID)?.textContent;
  if (!text) return undefined;
  try {
    const data = JSON.parse(text) as Partial<StoreIslandData>;
    return data.share && data.texts ? (data as StoreIslandData) : undefined;
  } catch {
    return undefined;
  }
}

function mount(): void {
  const data = readData();
  const list = document.querySelector('.sp-links');
  if (!data || !list || data.share.url === '') return;
  const status = document.querySelector('.sp-status');
  let timer: ReturnType<typeof setTimeout> | undefined;
  const item = document.createElement('li');
  list.append(item);
  createRoot(item).render(
    <ShareButton
      payload={data.share}
      className="sp-share"
      label={data.texts.shareLabel}
      text={data.texts.share}
      onOutcome={(outcome) => {
        if (outcome !== 'copied' || !status) return;
        status.textContent = data.texts.linkCopied;
        clearTimeout(timer);
        timer = setTimeout(() => {
          status.textContent = '';
        }, COPIED_MS);
      }}
    />,
  );
}

mount();
