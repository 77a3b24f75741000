import type { ReactNode } from 'react';

/** Eyebrow, h2 and lead text of a home section; `aside` sits on the right on wide screens. */
export function SectionHeader({
  id,
  title,
  lead,
  eyebrow,
  aside,
}: {
  id: string;
  title: string;
  lead?: string;
  eyebrow?: string;
  aside?: ReactNode;
}) {
  return (
    <div className="home-section-header">
      <div>
        {eyebrow ? <p className="home-eyebrow">{eyebrow}</p> : null}
        <h2 id={id}>{title}</h2>
        {lead ? <p className="home-lead">{lead}</p> : null}
      </div>
      {aside ? <div className="home-section-aside">{aside}</div> : null}
    </div>
  );
}
