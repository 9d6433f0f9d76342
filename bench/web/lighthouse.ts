/**
 * Lighthouse (npm lighthouse 12) in Debian's Chromium, launched here in headless mode with a
 * throwaway profile; Lighthouse's defaults otherwise: mobile emulation (Moto G Power class
 * screen) and simulated throttling (slow 4G, 4x CPU slowdown).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import { CHROMIUM, CHROMIUM_ARGS } from './browser.js';

export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Category = (typeof CATEGORIES)[number];

export interface LighthouseRun {
  scores: Record<Category, number>;
  metrics: {
    firstContentfulPaintMs: number;
    largestContentfulPaintMs: number;
    totalBlockingTimeMs: number;
    cumulativeLayoutShift: number;
    speedIndexMs: number;
  };
  /** Audits that count towards a score and did not pass: id, score, display value. */
  failedAudits: { id: string; score: number; value?: string }[];
}

export interface LighthouseChrome {
  port: number;
  close: () => Promise<void>;
}

/** Chromium with a DevTools port (chosen by Chromium, read from DevToolsActivePort). */
export async function launchChrome(): Promise<LighthouseChrome> {
  const profile = mkdtempSync(join(tmpdir(), 'locator-bench-web-chrome-'));
  const child: ChildProcess = spawn(
    CHROMIUM,
    [
      '--headless=new',
      ...CHROMIUM_ARGS,
      '--remote-debugging-port=0',
      `--user-data-dir=${profile}`,
      '--no-first-run',
      'about:blank',
    ],
    { stdio: 'ignore' },
  );
  const portFile = join(profile, 'DevToolsActivePort');
  const started = Date.now();
  while (!existsSync(portFile) || readFileSync(portFile, 'utf8').trim() === '') {
    if (Date.now() - started > 30_000) throw new Error('Chromium did not open its DevTools port');
    if (child.exitCode !== null) throw new Error(`Chromium exited (${child.exitCode})`);
    await new Promise((r) => setTimeout(r, 100));
  }
  const port = Number(readFileSync(portFile, 'utf8').split('\n')[0]);
  return {
    port,
    close: async () => {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

export async function runLighthouse(url: string, port: number): Promise<LighthouseRun> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: [...CATEGORIES],
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
  const score = (c: Category) => Math.round((lhr.categories[c]?.score ?? 0) * 100);
  const numeric = (id: string) => Math.round(lhr.audits[id]?.numericValue ?? NaN);
  const counted = new Set(
    Object.values(lhr.categories).flatMap((c) =>
      c.auditRefs.filter((r) => r.weight > 0).map((r) => r.id),
    ),
  );
  return {
    scores: {
      performance: score('performance'),
      accessibility: score('accessibility'),
      'best-practices': score('best-practices'),
      seo: score('seo'),
    },
    metrics: {
      firstContentfulPaintMs: numeric('first-contentful-paint'),
      largestContentfulPaintMs: numeric('largest-contentful-paint'),
      totalBlockingTimeMs: numeric('total-blocking-time'),
      cumulativeLayoutShift:
        Math.round((lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN) * 1000) / 1000,
      speedIndexMs: numeric('speed-index'),
    },
    failedAudits: Object.values(lhr.audits)
      .filter((a) => counted.has(a.id) && a.score !== null && a.score < 1)
      .map((a) => ({
        id: a.id,
        score: a.score ?? 0,
        ...(a.displayValue ? { value: String(a.displayValue) } : {}),
      })),
  };
}
