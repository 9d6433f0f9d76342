/// <reference lib="dom" />
/**
 * HTML_CodeSniffer (npm @pa11y/html_codesniffer: the engine pa11y runs by default) over the
 * page as rendered, WCAG 2 AA: a second accessibility judge beside axe, written by others. pa11y
 * itself drives Chromium through puppeteer, which downloads its own browser at install; here the
 * same engine runs in the journeys' Debian Chromium, and only its errors count (its warnings and
 * notices ask for a person's judgement, as in pa11y's default report).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Page } from '@playwright/test';

const HTMLCS_JS = readFileSync(
  join(
    dirname(createRequire(import.meta.url).resolve('@pa11y/html_codesniffer/package.json')),
    'build/HTMLCS.js',
  ),
  'utf8',
);

/**
 * Findings of HTML_CodeSniffer that today's standards contradict, each for one kind of element
 * only (a selector), with the reason. Nothing else is waived.
 */
const WAIVED: { code: string; selector: string; reason: string }[] = [
  {
    code: 'WCAG2AA.Principle1.Guideline1_3.1_3_5.H98',
    selector: 'input[type="email"][autocomplete="username"]',
    reason:
      'HTML has allowed autocomplete="username" on an e-mail input since 2020 (the Username ' +
      'control group); the Nu checker and axe accept it, and password managers rely on it.',
  },
  {
    code: 'WCAG2AA.Principle3.Guideline3_2.3_2_2.H32.2',
    selector: 'form.console-demand-filters',
    reason:
      'The demand filters apply as they change (the figures update in place, no change of ' +
      'context); custom days bring their own submit button.',
  },
];

interface Sniffed {
  code: string;
  msg: string;
  element: string;
}

/** HTML_CodeSniffer's WCAG 2 AA errors on `page`, one line each: "name: code: message «element»". */
export async function htmlcsErrors(page: Page, name: string): Promise<string[]> {
  // Evaluated as the page's own script would be refused by its Content Security Policy.
  await page.evaluate(`${HTMLCS_JS}\nwindow.HTMLCS = HTMLCS;`);
  const errors = await page.evaluate(async (waived) => {
    interface Message {
      type: number;
      code: string;
      msg: string;
      element: Element | Document;
    }
    const htmlcs = (
      window as unknown as {
        HTMLCS: {
          ERROR: number;
          process: (standard: string, root: Document, done: () => void) => void;
          getMessages: () => Message[];
        };
      }
    ).HTMLCS;
    await new Promise<void>((done) => htmlcs.process('WCAG2AA', document, done));
    return htmlcs
      .getMessages()
      .filter((m) => m.type === htmlcs.ERROR)
      .filter(
        (m) =>
          !waived.some(
            (w) =>
              m.code.startsWith(w.code) &&
              m.element instanceof Element &&
              m.element.matches(w.selector),
          ),
      )
      .map((m) => ({
        code: m.code,
        msg: m.msg,
        element: m.element instanceof Element ? m.element.outerHTML.slice(0, 160) : 'document',
      }));
  }, WAIVED);
  return errors.map((e: Sniffed) => `${name}: ${e.code}: ${e.msg} «${e.element}»`);
}
