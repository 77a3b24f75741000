import type { Language, PropertyListItem } from '@realty/contracts';
import { PropertyCard } from './PropertyCard';

/** Cards eager-loaded above the fold. */
const EAGER = 4;

/** Grid (1-4 columns by width) or list of cards. */
export function PropertyGrid({
  properties,
  lang,
  layout = 'grid',
  label,
}: {
  properties: PropertyListItem[];
  lang: Language;
  layout?: 'grid' | 'list';
  label?: string;
}) {
  return (
    <ul className={`property-grid property-grid--${layout}`} aria-label={label}>
      {properties.map((p, i) => (
        <li key={p.id}>
          <PropertyCard property={p} lang={lang} priority={i < EAGER} />
        </li>
      ))}
    </ul>
  );
}
