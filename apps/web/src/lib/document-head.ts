/**
 * Document-level metadata: title, `lang`/`dir` of <html>, and hreflang alternates.
 */
import { localeDirection } from '@locator/core';
import { languageTag } from './locale-tag';

export function setDocumentLocale(locale: string, doc: Document = document): void {
  doc.documentElement.lang = languageTag(locale);
  doc.documentElement.dir = localeDirection(locale);
}

export function setDocumentTitle(title: string, doc: Document = document): void {
  if (doc.title !== title) doc.title = title;
}

export interface Alternate {
  hreflang: string;
  href: string;
}

const ALTERNATE_SELECTOR = 'link[rel="alternate"][data-locator-alternate]';

/** Replaces the page's hreflang alternates (absolute URLs, as search engines want). */
export function setAlternates(alternates: readonly Alternate[], doc: Document = document): void {
  doc.head.querySelectorAll(ALTERNATE_SELECTOR).forEach((el) => el.remove());
  for (const alt of alternates) {
    const link = doc.createElement('link');
    link.rel = 'alternate';
    link.hreflang = alt.hreflang;
    link.href = new URL(alt.href, doc.location.origin).href;
    link.dataset.locatorAlternate = '';
    doc.head.appendChild(link);
  }
}
