import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../components/ErrorState';
import { Spinner } from '../../components/Spinner';
import type { Boot } from '../../lib/boot';
import type { LoadedConfig } from '../../lib/config/global-config';
import { useGlobalConfig } from '../../lib/config/useGlobalConfig';
import { ChannelCard } from './components/ChannelCard';
import { useHomeCards } from './hooks/useHomeCards';
import './home.css';

/** Home page (PRODUCT.md#home-page): navigation title and the channel cards, once configuration loads. */
export function HomePage({ boot }: { boot: Boot }) {
  const { t } = useTranslation(['home', 'common']);
  const config = useGlobalConfig(boot.locale);
  return (
    <main
      id="main"
      tabIndex={-1}
      data-testid="home"
      data-locale={boot.locale}
      aria-busy={config.status === 'loading'}
    >
      <h1 className="home__title">{t('common:nav.title')}</h1>
      {config.status === 'loading' ? <Spinner label={t('common:loading.home')} /> : null}
      {config.status === 'error' ? (
        <ErrorState onRetry={config.retry} help={t('common:error.configHelp')} />
      ) : null}
      {config.status === 'ready' ? <HomeCards boot={boot} config={config.config} /> : null}
    </main>
  );
}

function HomeCards({ boot, config }: { boot: Boot; config: LoadedConfig }) {
  const { t } = useTranslation('home');
  const cards = useHomeCards(boot.locale, config);
  return (
    <>
      <p className="home__intro">{t('intro')}</p>
      <ul className="channel-cards" aria-label={t('cardsLabel')}>
        {cards.map((card, index) => (
          <ChannelCard key={card.channel} card={card} brand={boot.brand} index={index} />
        ))}
      </ul>
    </>
  );
}
