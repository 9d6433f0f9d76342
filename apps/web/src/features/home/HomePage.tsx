import { localeToPath } from '@locator/core';
import type { Boot } from '../../lib/boot';

/** Home page (spec 2.3). Walking skeleton: the channel cards arrive with issue 5. */
export function HomePage({ boot }: { boot: Boot }) {
  const base = localeToPath(boot.locale);
  return (
    <main id="main" data-testid="home" data-locale={boot.locale}>
      <h1>{boot.brand} Store Locator</h1>
      <ul>
        <li>
          <a href={`${base}sales`}>Sales</a>
        </li>
        <li>
          <a href={`${base}service`}>Service</a>
        </li>
      </ul>
      <p>
        <a href="/choose-country-region">Choose your country or region</a>
      </p>
    </main>
  );
}
