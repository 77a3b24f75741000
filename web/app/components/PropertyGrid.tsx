import type { Language } from '@realty/contracts';
import { PropertyCard, type CardProperty } from './PropertyCard';

/** Cards eager-loaded above the fold (a row of the 4-column grid). */
const EAGER = 4;

/** Grid (1-4 columns by width) or list of cards. */
export function PropertyGrid({
  properties,
  lang,
  layout = 'grid',
  label,
}: {
  properties: CardProperty[];
  lang: Language;
  layout?: 'grid' | 'list';
  label?: string;
}) {
  return (
    <ul className={`property-grid property-grid--${layout}`} aria-label={label}>
      {properties.map((p, i) => (
        <li key={p.id}>
          {/* The first card's image is the largest paint of a listing page: fetched first. */}
          <PropertyCard property={p} lang={lang} priority={i < EAGER} lcp={i === 0} />
        </li>
      ))}
    </ul>
  );
}
