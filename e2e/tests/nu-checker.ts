/**
 * The W3C Nu Html Checker over pages as the browser holds them: each page's DOM after rendering
 * (`page.content()`), so a client-rendered screen is judged as visitors and assistive technology
 * get it, not as the empty shell the server sends.
 */
import type { Page } from '@playwright/test';
import { nuErrors } from '../../apps/server/test/helpers/nu-checker';

/** Rendered pages, kept by name until `errors()` checks them all in one run of the checker. */
export class RenderedPages {
  private readonly pages: { name: string; html: string }[] = [];

  /** Keeps `page`'s rendered DOM under `name`. */
  async keep(page: Page, name: string): Promise<void> {
    this.pages.push({ name, html: await page.content() });
  }

  get size(): number {
    return this.pages.length;
  }

  /** The checker's errors, one line each: "name: message «extract»". */
  errors(): Promise<string[]> {
    return nuErrors(this.pages);
  }
}
