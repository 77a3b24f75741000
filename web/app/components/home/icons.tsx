import type { ReactNode, SVGProps } from 'react';

/** Decorative 24 px line icons of the home page (always aria-hidden: the text next to them names them). */
function Icon({ children, size = 24, ...rest }: SVGProps<SVGSVGElement> & { size?: number; children: ReactNode }) {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      {...rest}
    >
      {children}
    </svg>
  );
}

export type InfrastructureKey = 'banks' | 'restaurants' | 'coffee' | 'fitness' | 'medical' | 'shopping' | 'business' | 'education';

const INFRASTRUCTURE_PATHS: Record<InfrastructureKey, ReactNode> = {
  banks: (
    <>
      <path d="M3 9.5 12 4l9 5.5" />
      <path d="M4 10h16" />
      <path d="M6 10v8M10 10v8M14 10v8M18 10v8" />
      <path d="M3 20h18" />
    </>
  ),
  restaurants: (
    <>
      <path d="M6 3v7a2 2 0 0 0 4 0V3" />
      <path d="M8 3v18" />
      <path d="M17 21V3c-2.2 1.2-3 3.6-3 6.5V13h3" />
    </>
  ),
  coffee: (
    <>
      <path d="M4 9h12v5a5 5 0 0 1-5 5H9a5 5 0 0 1-5-5V9Z" />
      <path d="M16 10.5h1.5a2.5 2.5 0 0 1 0 5H16" />
      <path d="M8 3.5c-.7.8-.7 1.7 0 2.5M12 3.5c-.7.8-.7 1.7 0 2.5" />
    </>
  ),
  fitness: (
    <>
      <path d="M6.5 7v10M3.5 9.5v5M17.5 7v10M20.5 9.5v5" />
      <path d="M6.5 12h11" />
    </>
  ),
  medical: (
    <>
      <rect x="3.5" y="3.5" width="17" height="17" rx="4" />
      <path d="M12 8v8M8 12h8" />
    </>
  ),
  shopping: (
    <>
      <path d="M5 8h14l-1.2 12.1a1 1 0 0 1-1 .9H7.2a1 1 0 0 1-1-.9L5 8Z" />
      <path d="M9 10V7a3 3 0 0 1 6 0v3" />
    </>
  ),
  business: (
    <>
      <rect x="3" y="7" width="18" height="13" rx="2" />
      <path d="M9 7V5.5A1.5 1.5 0 0 1 10.5 4h3A1.5 1.5 0 0 1 15 5.5V7" />
      <path d="M3 13h18M11 13v2h2v-2" />
    </>
  ),
  education: (
    <>
      <path d="m2 9 10-5 10 5-10 5L2 9Z" />
      <path d="M6 11v5c0 1.3 2.7 3 6 3s6-1.7 6-3v-5" />
      <path d="M22 9v6" />
    </>
  ),
};

export function InfrastructureIcon({ name }: { name: InfrastructureKey }) {
  return <Icon size={26}>{INFRASTRUCTURE_PATHS[name]}</Icon>;
}

export function SearchIcon() {
  return (
    <Icon size={20}>
      <circle cx="11" cy="11" r="7" />
      <path d="m20 20-3.5-3.5" />
    </Icon>
  );
}

export function ArrowRightIcon() {
  return (
    <Icon size={18}>
      <path d="M5 12h14M13 6l6 6-6 6" />
    </Icon>
  );
}

export function CheckIcon() {
  return (
    <Icon size={18} strokeWidth={2.2}>
      <path d="m5 12.5 4.5 4.5L19 7.5" />
    </Icon>
  );
}

export function ChevronIcon() {
  return (
    <Icon size={20}>
      <path d="m6 9 6 6 6-6" />
    </Icon>
  );
}

export function PartnersIcon() {
  return (
    <Icon size={32} strokeWidth={1.6}>
      <circle cx="9" cy="8" r="3.5" />
      <path d="M2.5 20a6.5 6.5 0 0 1 13 0" />
      <circle cx="17" cy="9" r="2.8" />
      <path d="M16.5 14.1A5.5 5.5 0 0 1 21.5 20" />
    </Icon>
  );
}

export function StarIcon() {
  return (
    <svg aria-hidden="true" focusable="false" width="18" height="18" viewBox="0 0 24 24">
      <path fill="currentColor" d="M12 2.8l2.8 5.8 6.3.9-4.6 4.4 1.1 6.3L12 17.2l-5.6 3 1.1-6.3-4.6-4.4 6.3-.9L12 2.8Z" />
    </svg>
  );
}

export function QuoteIcon() {
  return (
    <svg aria-hidden="true" focusable="false" width="32" height="32" viewBox="0 0 32 32">
      <path
        fill="currentColor"
        d="M13 8c-4.4 1.3-7 4.8-7 9.6V24h7.2v-7.2H9.6c0-2.7 1.4-4.6 4.1-5.5L13 8Zm12.8 0c-4.4 1.3-7 4.8-7 9.6V24H26v-7.2h-3.6c0-2.7 1.4-4.6 4.1-5.5L25.8 8Z"
      />
    </svg>
  );
}

/** The business-centre tower of the hero and the about block: a calm line drawing, decorative only. */
export function TowerIllustration({ className, idPrefix = 'tower' }: { className?: string; idPrefix?: string }) {
  const glass = `${idPrefix}-glass`;
  const side = `${idPrefix}-side`;
  const rows = Array.from({ length: 11 }, (_, i) => i);
  return (
    <svg className={className} aria-hidden="true" focusable="false" viewBox="0 0 320 360" fill="none">
      <defs>
        <linearGradient id={glass} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#dbeafe" stopOpacity=".95" />
          <stop offset="1" stopColor="#93c5fd" stopOpacity=".55" />
        </linearGradient>
        <linearGradient id={side} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#bfdbfe" stopOpacity=".55" />
          <stop offset="1" stopColor="#60a5fa" stopOpacity=".25" />
        </linearGradient>
      </defs>
      {/* mountains behind the city (Almaty's Zailiysky Alatau) */}
      <path d="M0 250 60 190l40 34 56-70 54 56 38-30 72 70v50H0Z" fill="#ffffff" opacity=".08" />
      <path d="M138 172l18-18 12 13" stroke="#ffffff" strokeOpacity=".35" strokeWidth="2" />
      {/* main tower */}
      <path d="M104 70 196 46v290h-92Z" fill={`url(#${glass})`} />
      <path d="M196 46 238 70v266h-42Z" fill={`url(#${side})`} />
      <path d="M150 46V22M150 22h6" stroke="#dbeafe" strokeWidth="3" strokeLinecap="round" />
      {rows.map((i) => (
        <path key={i} d={`M112 ${92 + i * 21}h76`} stroke="#1e3a8a" strokeOpacity=".28" strokeWidth="2" />
      ))}
      <path d="M134 80v250M158 74v256" stroke="#1e3a8a" strokeOpacity=".18" strokeWidth="2" />
      {/* low buildings */}
      <path d="M28 250h64v86H28Z" fill="#ffffff" opacity=".22" />
      <path d="M250 200h48v136h-48Z" fill="#ffffff" opacity=".18" />
      <path d="M0 336h320" stroke="#ffffff" strokeOpacity=".5" strokeWidth="2" />
    </svg>
  );
}
