/**
 * The map's data credits, always visible (not collapsed behind an "i" button) and readable by
 * assistive technology: "© OpenStreetMap contributors (ODbL) · © Natural Earth · GeoNames (CC BY
 * 4.0) · MapLibre".
 */
import { EMBEDDED_ATTRIBUTION, type Attribution } from './basemap';

export { EMBEDDED_ATTRIBUTION };

export interface MapAttributionProps {
  items?: readonly Attribution[];
  /** Accessible name of the list ("Map data"). */
  label?: string;
  className?: string;
}

export function MapAttribution({
  items = EMBEDDED_ATTRIBUTION,
  label = 'Map data',
  className,
}: MapAttributionProps) {
  return (
    <ul
      className={['map-attribution', className].filter(Boolean).join(' ')}
      aria-label={label}
      dir="ltr"
    >
      {items.map((a) => (
        <li key={a.text}>
          {a.href ? (
            <a href={a.href} target="_blank" rel="noopener noreferrer">
              {a.text}
            </a>
          ) : (
            a.text
          )}
        </li>
      ))}
    </ul>
  );
}
