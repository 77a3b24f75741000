/** Partner category icons (spec 01 §3 "each with an icon and colour"); decorative, aria-hidden. */
const stroke = { fill: 'none', stroke: 'currentColor', strokeWidth: 2, strokeLinecap: 'round', strokeLinejoin: 'round' } as const;

const PATHS: Record<string, JSX.Element> = {
  bank: <path d="M3 10h18M5 10v8M9.5 10v8M14.5 10v8M19 10v8M3 21h18M12 3l9 5H3l9-5z" {...stroke} />,
  utensils: <path d="M7 3v8a2 2 0 002 2v8M5 3v5a2 2 0 002 2M9 3v5a2 2 0 01-2 2M17 21V3c-2 1-3 4-3 7s1 3 3 3" {...stroke} />,
  dumbbell: <path d="M6 7v10M18 7v10M3 10v4M21 10v4M6 12h12" {...stroke} />,
  sparkles: <path d="M12 3l1.8 4.7L18 9.5l-4.2 1.8L12 16l-1.8-4.7L6 9.5l4.2-1.8L12 3zM19 15l.8 2.2L22 18l-2.2.8L19 21l-.8-2.2L16 18l2.2-.8L19 15z" {...stroke} />,
  bag: <path d="M5 8h14l-1 13H6L5 8zM9 8V6a3 3 0 016 0v2" {...stroke} />,
  cross: <path d="M10 3h4v7h7v4h-7v7h-4v-7H3v-4h7V3z" {...stroke} />,
  dot: <circle cx="12" cy="12" r="5" {...stroke} />,
};

export function PartnerCategoryIcon({ icon, size = 18 }: { icon: string; size?: number }) {
  return (
    <svg aria-hidden="true" focusable="false" width={size} height={size} viewBox="0 0 24 24">
      {PATHS[icon] ?? PATHS.dot}
    </svg>
  );
}
