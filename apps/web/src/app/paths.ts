import { isResultChannel } from '@locator/core';

/** The chooser's route (PRODUCT.md#routes, #country-and-region-chooser). */
export const CHOOSER_PATH = '/choose-country-region';

/** The translation namespace the first screen of a path needs. */
export function firstNamespace(pathname: string): 'home' | 'chooser' | 'result' {
  if (pathname === CHOOSER_PATH) return 'chooser';
  const last = pathname.split('/').filter(Boolean).pop() ?? '';
  return isResultChannel(last) ? 'result' : 'home';
}
