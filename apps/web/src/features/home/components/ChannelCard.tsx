import { useTranslation } from 'react-i18next';
import { Link } from '../../../lib/router';
import type { HomeCard } from '@locator/core';
import { Chevron } from '../../../components/Chevron';

/**
 * One channel card (PRODUCT.md#home-page): translated title, description and link text; its image on the
 * side the rules give ("right" is the inline end, so right-to-left pages mirror). A card
 * without a destination (training without an external link) has no link.
 */
export function ChannelCard({
  card,
  brand,
  index,
}: {
  card: HomeCard;
  brand: string;
  index: number;
}) {
  const { t } = useTranslation('home');
  const titleId = `card-${card.channel}-title`;
  const linkText = (
    <>
      {t(`cards.${card.channel}.link`)}
      <Chevron />
    </>
  );
  return (
    <li
      className={`channel-card channel-card--image-${card.imageSide === 'right' ? 'end' : 'start'}`}
      data-testid={`card-${card.channel}`}
      data-image-side={card.imageSide}
    >
      <div className="channel-card__text">
        <h2 id={titleId} className="channel-card__title">
          {t(`cards.${card.channel}.title`)}
        </h2>
        <p className="channel-card__description">
          {t(`cards.${card.channel}.description`, { brand })}
        </p>
        {card.href === undefined ? null : card.external ? (
          <a className="channel-card__link" href={card.href}>
            {linkText}
          </a>
        ) : (
          <Link className="channel-card__link" to={card.href}>
            {linkText}
          </Link>
        )}
      </div>
      {card.image ? (
        <div className="channel-card__media">
          <img
            src={card.image.url}
            alt=""
            width={560}
            height={400}
            loading={index === 0 ? 'eager' : 'lazy'}
            decoding="async"
            data-image-key={card.image.key}
          />
        </div>
      ) : null}
    </li>
  );
}
