/**
 * The store pages' island (modules/pages/README.md "Island"): found through the web app's build
 * manifest with the chunks it imports; absent without a build; the page's data block is inert
 * JSON and the module a same-origin script, so the policy without inline script holds.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'node-html-parser';
import { findIsland } from '../src/modules/pages/island.js';
import { renderShell } from '../src/modules/pages/html.js';
import type { PageLocale } from '../src/modules/pages/locales.js';

function dist(manifest: unknown): string {
  const dir = mkdtempSync(join(tmpdir(), 'locator-island-'));
  mkdirSync(join(dir, '.vite'));
  writeFileSync(join(dir, '.vite', 'manifest.json'), JSON.stringify(manifest));
  return dir;
}

describe('store pages island', () => {
  it('is the build entry src/islands/store-page.tsx with its imports preloaded', () => {
    const dir = dist({
      'src/islands/store-page.tsx': {
        file: 'assets/store-island-abc.js',
        isEntry: true,
        imports: ['_react.js', '_share.js'],
      },
      '_react.js': { file: 'assets/react-1.js', imports: ['_runtime.js'] },
      '_share.js': { file: 'assets/share-2.js', imports: ['_react.js'] },
      '_runtime.js': { file: 'assets/runtime-3.js' },
      'index.html': { file: 'assets/index-4.js', imports: ['_react.js'] },
    });
    expect(findIsland(dir)).toEqual({
      src: '/assets/store-island-abc.js',
      preload: ['/assets/react-1.js', '/assets/runtime-3.js', '/assets/share-2.js'],
    });
  });

  it('is absent without a build, or a build without it', () => {
    expect(findIsland('/nonexistent/web-dist')).toBeUndefined();
    expect(findIsland(dist({ 'index.html': { file: 'assets/index.js' } }))).toBeUndefined();
    const broken = dist({});
    writeFileSync(join(broken, '.vite', 'manifest.json'), '{not json');
    expect(findIsland(broken)).toBeUndefined();
  });

  it('hands its data over as an inert JSON block and loads a same-origin module', () => {
    const hostile = '</script><script>alert(1)</script>\u2028';
    const html = renderShell({
      page: { tag: 'en-GB', dir: 'ltr', path: '/uk/en/' } as PageLocale,
      t: (key) => key,
      title: 't',
      description: 'd',
      alternates: [],
      jsonLd: [],
      crumbs: [],
      stylesheet: '/s.css',
      demoData: false,
      main: '',
      island: {
        script: { src: '/assets/store-island-abc.js', preload: ['/assets/react-1.js'] },
        data: { share: { title: hostile, text: hostile, url: 'https://x.example/' } },
      },
    });
    const root = parse(html);
    const scripts = root.querySelectorAll('script');
    expect(scripts.map((s) => [s.getAttribute('type'), s.getAttribute('src')])).toEqual([
      ['application/json', undefined],
      ['module', '/assets/store-island-abc.js'],
    ]);
    expect(JSON.parse(scripts[0]!.textContent).share.title).toBe(hostile);
    expect(html).not.toContain('<script>alert');
    expect(root.querySelector('link[rel="modulepreload"]')!.getAttribute('href')).toBe(
      '/assets/react-1.js',
    );
  });
});
