/** Small inline icons (decorative: always aria-hidden; the accessible name sits on the control). */
type IconProps = { size?: number; className?: string };

function svg(path: JSX.Element, { size = 18, className }: IconProps, viewBox = '0 0 24 24') {
  return (
    <svg aria-hidden="true" focusable="false" width={size} height={size} viewBox={viewBox} className={className}>
      {path}
    </svg>
  );
}

const stroke = { fill: 'none', stroke: 'currentColor', strokeWidth: 2, strokeLinecap: 'round', strokeLinejoin: 'round' } as const;

/**
 * Icons repeated on many elements of a page (50 catalogue cards carry 6 or 7 each): drawn
 * once in <IconSprite> (root layout, every page) and referenced with <use href>, which keeps
 * the HTML and the server render small. The heart's path has no fill of its own: it inherits
 * the fill of the <svg> that uses it (filled or outlined).
 */
const SPRITE = {
  heart: (
    <path
      d="M12 21s-7.5-4.6-9.5-9.2C1.2 8.6 3.2 5 6.7 5c2 0 3.5 1.1 4.3 2.5h2C13.8 6.1 15.3 5 17.3 5c3.5 0 5.5 3.6 4.2 6.8C19.5 16.4 12 21 12 21z"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
    />
  ),
  eye: (
    <>
      <path d="M1 12s4-7 11-7 11 7 11 7-4 7-11 7S1 12 1 12z" {...stroke} />
      <circle cx="12" cy="12" r="3" {...stroke} />
    </>
  ),
  pin: (
    <>
      <path d="M12 22s7-6.2 7-12a7 7 0 10-14 0c0 5.8 7 12 7 12z" {...stroke} />
      <circle cx="12" cy="10" r="2.5" {...stroke} />
    </>
  ),
  area: <path d="M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5" {...stroke} />,
  floor: <path d="M3 21h18M5 21V9l7-5 7 5v12M9 21v-6h6v6" {...stroke} />,
  star: <path d="M12 2l3.1 6.3 6.9 1-5 4.9 1.2 6.8L12 17.8 5.8 21l1.2-6.8-5-4.9 6.9-1L12 2z" fill="currentColor" />,
  phone: (
    <path
      d="M22 16.9v3a2 2 0 01-2.2 2 19.8 19.8 0 01-8.6-3.1 19.5 19.5 0 01-6-6A19.8 19.8 0 012.1 4.2 2 2 0 014.1 2h3a2 2 0 012 1.7c.1 1 .4 1.9.7 2.8a2 2 0 01-.5 2.1L8 9.9a16 16 0 006 6l1.3-1.3a2 2 0 012.1-.4c.9.3 1.8.6 2.8.7a2 2 0 011.7 2z"
      {...stroke}
    />
  ),
  building: (
    <>
      <rect x="4" y="2" width="16" height="20" rx="1" {...stroke} />
      <path d="M9 22v-4h6v4M8 6h.01M12 6h.01M16 6h.01M8 10h.01M12 10h.01M16 10h.01M8 14h.01M12 14h.01M16 14h.01" {...stroke} />
    </>
  ),
};
export type SpriteId = keyof typeof SPRITE;

/** The symbols of the sprite icons; rendered once per document, invisible and out of the flow. */
export function IconSprite() {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      width="0"
      height="0"
      style={{ position: 'absolute', width: 0, height: 0, overflow: 'hidden' }}
    >
      {(Object.keys(SPRITE) as SpriteId[]).map((id) => (
        <symbol key={id} id={`i-${id}`} viewBox="0 0 24 24">
          {SPRITE[id]}
        </symbol>
      ))}
    </svg>
  );
}

function sprite(id: SpriteId, { size = 18, className }: IconProps, fill?: string) {
  return (
    <svg aria-hidden="true" focusable="false" width={size} height={size} className={className} fill={fill}>
      <use href={`#i-${id}`} />
    </svg>
  );
}

/** The markup of a sprite icon as a string (for static HTML parts, lib/serving/html.ts); the same as the component's. */
export function spriteIconHtml(id: SpriteId, size = 18, fill?: string): string {
  return `<svg aria-hidden="true" focusable="false" width="${size}" height="${size}"${fill ? ` fill="${fill}"` : ''}><use href="#i-${id}"></use></svg>`;
}

export const HeartIcon = ({ filled, ...p }: IconProps & { filled?: boolean }) => sprite('heart', p, filled ? 'currentColor' : 'none');
export const EyeIcon = (p: IconProps) => sprite('eye', p);
export const PinIcon = (p: IconProps) => sprite('pin', p);
export const AreaIcon = (p: IconProps) => sprite('area', p);
export const FloorIcon = (p: IconProps) => sprite('floor', p);
export const StarIcon = (p: IconProps) => sprite('star', p);
export const BuildingIcon = (p: IconProps) => sprite('building', p);

export const GridIcon = (p: IconProps) =>
  svg(
    <>
      <rect x="3" y="3" width="7" height="7" rx="1" {...stroke} />
      <rect x="14" y="3" width="7" height="7" rx="1" {...stroke} />
      <rect x="3" y="14" width="7" height="7" rx="1" {...stroke} />
      <rect x="14" y="14" width="7" height="7" rx="1" {...stroke} />
    </>,
    p,
  );
export const ListIcon = (p: IconProps) => svg(<path d="M8 6h13M8 12h13M8 18h13M3 6h.01M3 12h.01M3 18h.01" {...stroke} />, p);
export const MapIcon = (p: IconProps) => svg(<path d="M9 4L3 6v14l6-2 6 2 6-2V4l-6 2-6-2zM9 4v14M15 6v14" {...stroke} />, p);
export const FilterIcon = (p: IconProps) => svg(<path d="M3 5h18l-7 8v6l-4 2v-8L3 5z" {...stroke} />, p);
export const SearchIcon = (p: IconProps) =>
  svg(
    <>
      <circle cx="11" cy="11" r="7" {...stroke} />
      <path d="M21 21l-4.3-4.3" {...stroke} />
    </>,
    p,
  );
export const ShareIcon = (p: IconProps) =>
  svg(
    <>
      <circle cx="18" cy="5" r="3" {...stroke} />
      <circle cx="6" cy="12" r="3" {...stroke} />
      <circle cx="18" cy="19" r="3" {...stroke} />
      <path d="M8.6 13.5l6.8 4M15.4 6.5l-6.8 4" {...stroke} />
    </>,
    p,
  );
export const ChevronLeftIcon = (p: IconProps) => svg(<path d="M15 18l-6-6 6-6" {...stroke} />, p);
export const ChevronRightIcon = (p: IconProps) => svg(<path d="M9 18l6-6-6-6" {...stroke} />, p);
export const PhoneIcon = (p: IconProps) =>
  svg(
    <path
      d="M22 16.9v3a2 2 0 01-2.2 2 19.8 19.8 0 01-8.6-3.1 19.5 19.5 0 01-6-6A19.8 19.8 0 012.1 4.2 2 2 0 014.1 2h3a2 2 0 012 1.7c.1 1 .4 1.9.7 2.8a2 2 0 01-.5 2.1L8 9.9a16 16 0 006 6l1.3-1.3a2 2 0 012.1-.4c.9.3 1.8.6 2.8.7a2 2 0 011.7 2z"
      {...stroke}
    />,
    p,
  );
export const MailIcon = (p: IconProps) =>
  svg(
    <>
      <rect x="2" y="4" width="20" height="16" rx="2" {...stroke} />
      <path d="M22 6l-10 7L2 6" {...stroke} />
    </>,
    p,
  );
export const StoreIcon = (p: IconProps) =>
  svg(
    <>
      <path d="M3 9l1.5-5h15L21 9M3 9v11h18V9M3 9h18" {...stroke} />
      <path d="M9 20v-6h6v6" {...stroke} />
    </>,
    p,
  );
export const WarehouseIcon = (p: IconProps) =>
  svg(
    <>
      <path d="M2 21V8l10-5 10 5v13" {...stroke} />
      <path d="M6 21v-9h12v9M6 15h12M6 18h12" {...stroke} />
    </>,
    p,
  );
export const CheckIcon = (p: IconProps) => svg(<path d="M20 6L9 17l-5-5" {...stroke} />, p);
export const CameraIcon = (p: IconProps) =>
  svg(
    <>
      <path d="M23 19a2 2 0 01-2 2H3a2 2 0 01-2-2V8a2 2 0 012-2h4l2-3h6l2 3h4a2 2 0 012 2z" {...stroke} />
      <circle cx="12" cy="13" r="4" {...stroke} />
    </>,
    p,
  );

/** Icon of a category (CategoryDto.icon: building | store | warehouse), by name or slug. */
export function CategoryIcon({ icon, slug, size = 32 }: { icon?: string | null; slug?: string; size?: number }) {
  const key = `${icon ?? ''} ${slug ?? ''}`;
  if (/store|retail|shop/.test(key)) return <StoreIcon size={size} />;
  if (/warehouse/.test(key)) return <WarehouseIcon size={size} />;
  return <BuildingIcon size={size} />;
}
