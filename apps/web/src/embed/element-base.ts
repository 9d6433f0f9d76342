/**
 * What both elements share: their own open shadow root with constructed stylesheets, the
 * attributes followed after load (several changes in one task render once, and only when the
 * settings changed), the language and direction of `lang`, and the events for the host page
 * (`CustomEvent`s that bubble out of the shadow root: `composed`).
 */
import { OBSERVED_ATTRIBUTES, readSettings, settingsKey, type EmbedSettings } from './settings';
import { loadTexts, type Texts } from './texts';
import { adoptStyles, h } from './dom';

export interface SearchEventDetail {
  channel: string;
  country: string;
  product: string;
  latitude: number;
  longitude: number;
  resultCount: number;
}

export interface SelectEventDetail {
  storeId: string;
  name: string;
}

export type EmitEvent = {
  (type: 'locator:search', detail: SearchEventDetail): void;
  (type: 'locator:select', detail: SelectEventDetail): void;
};

/** Dispatches an event of the element to the host page (bubbling out of the shadow root). */
export function emitter(host: HTMLElement): EmitEvent {
  return (type: string, detail: unknown) =>
    host.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }));
}

export abstract class EmbedElement extends HTMLElement {
  static get observedAttributes(): readonly string[] {
    return OBSERVED_ATTRIBUTES;
  }

  protected readonly root: ShadowRoot;
  /** The element's box inside the shadow root (lang, dir, the `container` part). */
  protected readonly frame: HTMLElement;
  private renderedKey = '';
  private scheduled = false;
  /** Aborted when the settings change or the element leaves the page. */
  protected run: AbortController | undefined;

  constructor(styles: string[]) {
    super();
    this.root = this.attachShadow({ mode: 'open' });
    adoptStyles(this.root, ...styles);
    this.frame = h('div', { class: 'frame', part: 'container' });
    this.root.append(this.frame);
  }

  connectedCallback(): void {
    this.schedule();
  }

  disconnectedCallback(): void {
    this.run?.abort();
    this.run = undefined;
    this.renderedKey = '';
  }

  attributeChangedCallback(): void {
    if (this.isConnected) this.schedule();
  }

  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    queueMicrotask(() => {
      this.scheduled = false;
      if (!this.isConnected) return;
      const settings = readSettings(this);
      const key = settingsKey(settings);
      if (key === this.renderedKey) return;
      this.renderedKey = key;
      this.run?.abort();
      const run = new AbortController();
      this.run = run;
      void this.start(settings, run.signal);
    });
  }

  private async start(settings: EmbedSettings, signal: AbortSignal): Promise<void> {
    const texts = await loadTexts(settings.locale);
    if (signal.aborted) return;
    this.frame.lang = texts.tag;
    this.frame.dir = texts.dir;
    await this.render(settings, texts, signal);
  }

  /** Builds the element's content for new settings; stops when `signal` aborts. */
  protected abstract render(
    settings: EmbedSettings,
    texts: Texts,
    signal: AbortSignal,
  ): Promise<void>;

  protected readonly emit: EmitEvent = emitter(this);
}
