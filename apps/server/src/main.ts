/** Starts the locator: `npm start` (see README). */
import { buildApp } from './app.js';
import { ConfigError } from './env.js';
import { createMapsProvider } from './maps/provider.js';
import { createServices } from './compose.js';
import { loadConfiguration } from './settings.js';

async function main(): Promise<void> {
  const { env, settings, analytics, basemap } = loadConfiguration();
  const services = await createServices(env, settings, {
    analytics,
    log: (msg) => console.log(`[data] ${msg}`),
  });
  const maps = await createMapsProvider(env, (msg) => console.log(`[geo] ${msg}`));
  const app = await buildApp({
    env,
    maps,
    basemap,
    api: services.api,
    preloadConfig: services.preloadConfig,
  });
  app.addHook('onClose', () => services.close());
  const close = async (signal: string): Promise<void> => {
    app.log.info({ signal }, 'shutting down');
    await app.close();
    process.exit(0);
  };
  process.once('SIGTERM', () => void close('SIGTERM'));
  process.once('SIGINT', () => void close('SIGINT'));
  await app.listen({ port: env.PORT, host: env.HOST });
  app.log.info(`locator listening on http://localhost:${env.PORT}`);
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError) {
    console.error(err.message);
  } else {
    console.error(err);
  }
  process.exit(1);
});
