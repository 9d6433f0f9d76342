/**
 * The metrics port (METRICS_PORT on METRICS_HOST): GET /metrics answers the Prometheus text
 * format; any other path 404. Separate from the public port, so that it stays on a private
 * address.
 */
import { createServer, type Server } from 'node:http';
import { register } from 'prom-client';

export interface MetricsServer {
  port: number;
  close(): Promise<void>;
}

export function startMetricsServer(
  host: string,
  port: number,
  text: () => Promise<string>,
): Promise<MetricsServer> {
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (path !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found\n');
      return;
    }
    text().then(
      (body) => {
        res.writeHead(200, { 'Content-Type': register.contentType, 'Cache-Control': 'no-store' });
        res.end(req.method === 'HEAD' ? undefined : body);
      },
      () =>
        res.writeHead(503, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Unavailable\n'),
    );
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      const address = server.address();
      resolve({
        port: typeof address === 'object' && address ? address.port : port,
        close: () => new Promise((r) => server.close(() => r())),
      });
    });
  });
}
