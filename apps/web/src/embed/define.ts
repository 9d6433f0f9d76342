/** Defines the two elements (once per page) and, on the iframe page, reports its height. */
import { StoreLocatorElement } from './locator-element';
import { StoreNearestElement } from './nearest-element';
import { startFrameHeight } from './frame';

if (!customElements.get('store-nearest')) {
  customElements.define('store-nearest', StoreNearestElement);
}
if (!customElements.get('store-locator')) {
  customElements.define('store-locator', StoreLocatorElement);
}
startFrameHeight();
