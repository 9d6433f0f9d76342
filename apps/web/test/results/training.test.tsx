// @vitest-environment jsdom
/**
 * The training results page's own pieces: its route loads the results texts, its no-results
 * message speaks of training providers, and training without products to search has no page.
 */
import { cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { firstNamespace } from '../../src/app/paths';
import { NoResults } from '../../src/features/results/components/NoResults';
import { ResultsPage } from '../../src/features/results/ResultsPage';
import { ConfigStore } from '../../src/lib/config/global-config';
import { ConfigStoreContext } from '../../src/lib/config/useGlobalConfig';
import { MemoryRouter, useLocation } from '../../src/lib/router';
import { config } from '../app/helpers';
import { testI18n } from './render';

afterEach(cleanup);

describe('training results page', () => {
  it('loads the results texts first on a training path', () => {
    expect(firstNamespace('/us/en/training')).toBe('result');
    expect(firstNamespace('/training')).toBe('result');
    expect(firstNamespace('/us/en/consulting')).toBe('home');
  });

  it('says no training provider was found', () => {
    render(
      <I18nextProvider i18n={testI18n()}>
        <NoResults channel="training" />
      </I18nextProvider>,
    );
    expect(screen.getByTestId('no-results').textContent).toContain(
      "We couldn't find a training provider near this location.",
    );
  });

  /** The page at /uk/en/training with the results texts, and where the app then is. */
  function renderAt(store: ConfigStore) {
    return render(
      <I18nextProvider i18n={testI18n()}>
        <ConfigStoreContext.Provider value={store}>
          <MemoryRouter initialEntries={['/uk/en/training']}>
            <ResultsPage boot={{ locale: 'en-GB', brand: 'Lumen' }} channel="training" />
            <Where />
          </MemoryRouter>
        </ConfigStoreContext.Provider>
      </I18nextProvider>,
    );
  }

  function Where() {
    return <p data-testid="where">{useLocation().pathname}</p>;
  }

  const withTraining = (products: boolean) => {
    const base = config();
    const training = {
      ...base.channels.consulting!,
      channelId: 'training',
      consultingLinkMap: [],
      products: products ? base.channels.sales!.products : [],
    };
    const store = new ConfigStore();
    store.preload('en-GB', { response: [config({ channels: { ...base.channels, training } })] });
    return store;
  };

  it('shows the training results page when training has products', () => {
    renderAt(withTraining(true));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Find a training provider');
    expect(screen.getByTestId('where').textContent).toBe('/uk/en/training');
  });

  it('goes to the locale home when training has nothing to search', () => {
    renderAt(withTraining(false));
    expect(screen.getByTestId('where').textContent).toBe('/uk/en/');
  });
});
