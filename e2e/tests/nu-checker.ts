/**
 * The W3C Nu Html Checker (npm vnu-jar, run on Debian's Java) over pages as the browser holds
 * them: each page's DOM after rendering (`page.content()`), so a client-rendered screen is judged
 * as visitors and assistive technology get it, not as the empty shell the server sends.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Page } from '@playwright/test';

const VNU_JAR = String(createRequire(import.meta.url)('vnu-jar'));

interface NuMessage {
  type: string;
  subType?: string;
  url?: string;
  message: string;
  extract?: string;
}

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
  async errors(): Promise<string[]> {
    const dir = mkdtempSync(join(tmpdir(), 'locator-nu-e2e-'));
    try {
      const files = this.pages.map((p, i) => {
        const file = join(dir, `page-${i}.html`);
        writeFileSync(file, p.html);
        return { file, name: p.name };
      });
      const args = ['-jar', VNU_JAR, '--errors-only', '--format', 'json', '--stdout'];
      const { stdout } = await promisify(execFile)('java', [...args, ...files.map((f) => f.file)], {
        maxBuffer: 16 * 1024 * 1024,
      }).catch((err: { stdout?: string; stderr?: string }) => {
        // vnu exits 1 when it reports errors; its report is still on stdout.
        if (err.stdout) return { stdout: err.stdout };
        throw new Error(`the Nu checker did not run (java -jar vnu.jar): ${err.stderr ?? err}`);
      });
      const nameOf = (url = '') => files.find((f) => url.endsWith(f.file))?.name ?? url;
      return (JSON.parse(stdout) as { messages: NuMessage[] }).messages
        .filter((m) => m.type === 'error' || m.subType === 'fatal')
        .map((m) => `${nameOf(m.url)}: ${m.message} «${m.extract ?? ''}»`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
}
