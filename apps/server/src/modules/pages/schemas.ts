/**
 * What the store pages' routes read from their params (routes.ts), declared once as zod schemas
 * that Fastify validates (openapi/validation.ts), as the APIs' routes do; not in the OpenAPI
 * documents. No name is refused here: a name that is not a sitemap's is looked up as none, and
 * the route answers 404 NOT_FOUND naming it, as for a sitemap the data does not have.
 */
import { z } from 'zod';

/** "{site}-{lang}-{n}.xml": a locale's sitemap (sitemap.ts `sitemapName`) and its part. */
const SITEMAP_FILE_RE = /^([a-z]+-[a-z]+)-(\d{1,6})\.xml$/;

/** `/sitemaps/{file}`: the file name as asked for, and the sitemap it names, if any. */
export const sitemapParamsSchema = z.object({ file: z.string() }).transform(({ file }) => {
  const m = SITEMAP_FILE_RE.exec(file);
  const sitemap = m?.[1] && m[2] ? { name: m[1], part: Number(m[2]) } : undefined;
  return { file, sitemap };
});
