/** Partner category icons (spec 01 §3 "each with an icon and colour"); decorative, aria-hidden. */
const PATHS: Record<string, string> = {
  bank: 'M3 10h18M5 10v8M9.5 10v8M14.5 10v8M19 10v8M3 21h18M12 3l9 5H3l9-5z',
  utensils: 'M7 3v8a2 2 0 002 2v8M5 3v5a2 2 0 002 2M9 3v5a2 2 0 01-2 2M17 21V3c-2 1-3 4-3 7s1 3 3 3',
  dumbbell: 'M6 7v10M18 7v10M3 10v4M21 10v4M6 12h12',
  sparkles: 'M12 3l1.8 4.7L18 9.5l-4.2 1.8L12 16l-1.8-4.7L6 9.5l4.2-1.8L12 3zM19 15l.8 2.2L22 18l-2.2.8L19 21l-.8-2.2L16 18l2.2-.8L19 15z',
  bag: 'M5 8h14l-1 13H6L5 8zM9 8V6a3 3 0 016 0v2',
  cross: 'M10 3h4v7h7v4h-7v7h-4v-7H3v-4h7V3z',
  // A circle of radius 5 at the centre.
  dot: 'M17 12a5 5 0 11-10 0 5 5 0 0110 0z',
};

export function PartnerCategoryIcon({ icon, size = 18 }: { icon: string; size?: number }) {
  return (
    <svg aria-hidden="true" focusable="false" width={size} height={size} viewBox="0 0 24 24">
      <path d={PATHS[icon] ?? PATHS.dot} fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/** The same icon as a markup string, for the partner card's static parts (lib/serving/html.ts). */
export function partnerCategoryIconHtml(icon: string, size = 18): string {
  return `<svg aria-hidden="true" focusable="false" width="${size}" height="${size}" viewBox="0 0 24 24"><path d="${PATHS[icon] ?? PATHS.dot}" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"></path></svg>`;
}
