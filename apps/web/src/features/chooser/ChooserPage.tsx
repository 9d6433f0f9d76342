import { CHOOSER_REGIONS } from '@locator/core';

/** Country/region chooser (spec 2.2). */
export function ChooserPage() {
  return (
    <main id="main" data-testid="chooser">
      <h1>Choose Your Country or Region</h1>
      {CHOOSER_REGIONS.map((region) => (
        <section key={region.id} aria-labelledby={`region-${region.id}`}>
          <h2 id={`region-${region.id}`}>{region.label}</h2>
          <ul>
            {region.entries.map((entry) => (
              <li key={entry.locale}>
                <a
                  href={entry.path}
                  hrefLang={entry.locale}
                  lang={entry.locale}
                  dir={entry.rtl ? 'rtl' : undefined}
                >
                  {entry.label}
                </a>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </main>
  );
}
