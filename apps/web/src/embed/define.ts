/**
 * Defines the two elements (once per page) and, on the iframe page, reports its height.
 * <store-nearest> is here whole; <store-locator> loads its content (the full search, and the
 * place search with it) when the first one renders.
 */
import { EmbedElement } from './element-base';
import { StoreNearestElement } from './nearest-element';
import { startFrameHeight } from './frame';
import type { EmbedSettings } from './settings';
import { LOCATOR_STYLES, SHARED_STYLES } from './styles';
import type { Texts } from './texts';
import type { LocatorView } from './locator-element';

export class StoreLocatorElement extends EmbedElement {
  private view: LocatorView | undefined;

  constructor() {
    super([SHARED_STYLES, LOCATOR_STYLES]);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.view?.removeMap();
  }

  protected async render(
    settings: EmbedSettings,
    texts: Texts,
    signal: AbortSignal,
  ): Promise<void> {
    const { LocatorView } = await import('./locator-element');
    if (signal.aborted) return;
    this.view ??= new LocatorView(this.root, this.frame, this.emit);
    await this.view.render(settings, texts, signal);
  }
}

if (!customElements.get('store-nearest')) {
  customElements.define('store-nearest', StoreNearestElement);
}
if (!customElements.get('store-locator')) {
  customElements.define('store-locator', StoreLocatorElement);
}
startFrameHeight();
