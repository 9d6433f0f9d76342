/**
 * Basemap settings from the environment (README.md "Configuration"), validated once with every
 * problem listed (ConfigError), then frozen.
 */
import { existsSync, statSync } from 'node:fs';
import { z } from 'zod';
import { ConfigError, envProblems, pickEnv } from '../../env.js';

const schema = z.object({
  /** embedded: Natural Earth land and borders + gazetteer labels; pmtiles: our archive; vendor. */
  MAP_STYLE: z.enum(['embedded', 'pmtiles', 'vendor']).default('embedded'),
  /** A PMTiles v3 vector archive, served at /basemap/tiles.pmtiles with HTTP Range support. */
  MAP_PMTILES_PATH: z.string().min(1).optional(),
  /**
   * A vendor's MapLibre style URL; "{key}" in it (and in the URLs the style loads) is replaced in
   * the browser by the token of GET /mapKitToken.
   */
  MAP_STYLE_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
});

export type BasemapConfig = Readonly<z.infer<typeof schema>>;

export function loadBasemapConfig(
  source: Record<string, string | undefined> = process.env,
): BasemapConfig {
  const picked = pickEnv(schema, source);
  const parsed = schema.safeParse(picked);
  const problems = parsed.success ? [] : envProblems(parsed.error.issues);
  if (parsed.success) {
    const c = parsed.data;
    if (c.MAP_STYLE === 'pmtiles') {
      if (!c.MAP_PMTILES_PATH) {
        problems.push('MAP_PMTILES_PATH: required when MAP_STYLE is pmtiles');
      } else if (!existsSync(c.MAP_PMTILES_PATH) || !statSync(c.MAP_PMTILES_PATH).isFile()) {
        problems.push(`MAP_PMTILES_PATH: no such file: ${c.MAP_PMTILES_PATH}`);
      }
    }
    if (c.MAP_STYLE === 'vendor' && !c.MAP_STYLE_URL) {
      problems.push('MAP_STYLE_URL: required when MAP_STYLE is vendor');
    }
  }
  if (problems.length > 0 || !parsed.success) throw new ConfigError(problems);
  return Object.freeze(parsed.data);
}
