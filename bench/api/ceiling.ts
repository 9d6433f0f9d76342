/**
 * The ceiling the search is compared with: GET /bench/ceiling answers a precomputed search
 * response of the same size with the same headers, through the same app (routing, hooks,
 * compression), so the difference is the search's own work.
 */
import type { FastifyInstance } from 'fastify';

/** Adds GET /bench/ceiling to `app`, answering what `samplePath` answers (call before listen). */
export async function addCeiling(app: FastifyInstance, samplePath: string): Promise<void> {
  let body = '';
  let etag = '';
  app.get('/bench/ceiling', async (_req, reply) =>
    reply
      .header('ETag', etag)
      .header('Cache-Control', 'public, max-age=60')
      .type('application/json; charset=utf-8')
      .send(body),
  );
  // The store index is built by createServices before the port opens.
  const res = await app.inject(samplePath);
  body = res.body;
  etag = String(res.headers.etag);
}
