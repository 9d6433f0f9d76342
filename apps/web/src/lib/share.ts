/**
 * Sharing a store (PRODUCT.md#results-page narrow screens, #errors): the Web Share API with the core payload (title,
 * text, directions URL); where the API is missing, the link is copied to the clipboard instead.
 * Failures are logged only; the visitor closing the share sheet is not a failure.
 */
import type { SharePayload } from '@locator/core';

export type ShareOutcome = 'shared' | 'copied' | 'cancelled' | 'failed';

type ShareNavigator = {
  share?: (data: ShareData) => Promise<void>;
  canShare?: (data: ShareData) => boolean;
  clipboard?: { writeText(text: string): Promise<void> };
};

export async function shareStore(
  payload: SharePayload,
  nav: ShareNavigator = navigator,
  log: (message: string, error: unknown) => void = (m, e) => console.warn(m, e),
): Promise<ShareOutcome> {
  if (typeof nav.share === 'function' && (nav.canShare?.(payload) ?? true)) {
    try {
      await nav.share(payload);
      return 'shared';
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return 'cancelled';
      log('Share failed', error);
      return 'failed';
    }
  }
  if (nav.clipboard && payload.url !== '') {
    try {
      await nav.clipboard.writeText(payload.url);
      return 'copied';
    } catch (error) {
      log('Copying the link failed', error);
      return 'failed';
    }
  }
  log('Share failed', new Error('Neither the Web Share API nor the clipboard is available'));
  return 'failed';
}
