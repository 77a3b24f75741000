import { useNavigate } from '@remix-run/react';
import type { MouseEvent, ReactNode } from 'react';

/** A plain left click that the page may handle itself (what <Link> checks too). */
function isPlainClick(event: MouseEvent<HTMLAnchorElement>): boolean {
  const target = event.currentTarget.getAttribute('target');
  return (
    !event.defaultPrevented &&
    event.button === 0 &&
    (!target || target === '_self') &&
    !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey)
  );
}

/**
 * Remix's <Link> for links repeated in long lists (two per catalogue card): the same markup
 * (`data-discover` lets Remix discover the target route) and the same client-side navigation on
 * a plain click, without the per-link work of <Link> (resolving the path against the route
 * tree twice, prefetch state, ref merging), which adds up over 100 links on the server.
 * Only for absolute paths ('/property/…'); without JavaScript it is an ordinary link.
 * The few attributes it takes are listed one by one: no props spread on this hot path.
 */
export function ListLink({
  to,
  className,
  title,
  label,
  active,
  children,
}: {
  to: string;
  className?: string;
  title?: string;
  /** aria-label. */
  label?: string;
  /** data-active="true" when set. */
  active?: boolean;
  children: ReactNode;
}) {
  const navigate = useNavigate();
  return (
    <a
      className={className}
      data-active={active ? 'true' : undefined}
      aria-label={label}
      title={title}
      data-discover="true"
      href={to}
      onClick={(event) => {
        if (!isPlainClick(event)) return;
        event.preventDefault();
        navigate(to);
      }}
    >
      {children}
    </a>
  );
}
