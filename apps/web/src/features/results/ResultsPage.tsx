import type { ResultChannel } from '@locator/core';
import type { Boot } from '../../lib/boot';

/** Results page (spec 2.5). Walking skeleton: the form and list arrive with issue 6. */
export function ResultsPage({ boot, channel }: { boot: Boot; channel: ResultChannel }) {
  return (
    <main id="main" data-testid="results" data-locale={boot.locale} data-channel={channel}>
      <h1>{channel}</h1>
    </main>
  );
}
