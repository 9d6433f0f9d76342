/**
 * The W3C Nu Html Checker (npm vnu-jar, run on Debian's Java) over named HTML documents, in one
 * run of the checker: the store pages' test gives it the server's pages, the browser tests the
 * pages as the browser holds them.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const VNU_JAR = String(createRequire(import.meta.url)('vnu-jar'));

interface NuMessage {
  type: string;
  subType?: string;
  url?: string;
  message: string;
  extract?: string;
}

/** The checker's errors over the documents, one line each: "name: message «extract»". */
export async function nuErrors(
  documents: readonly { name: string; html: string }[],
): Promise<string[]> {
  const dir = mkdtempSync(join(tmpdir(), 'locator-nu-'));
  try {
    const files = documents.map((d, i) => {
      const file = join(dir, `page-${i}.html`);
      writeFileSync(file, d.html);
      return { file, name: d.name };
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
