import { Link } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { GridIcon, ListIcon, MapIcon } from './Icons';

const ICONS: Record<string, (p: { size?: number }) => JSX.Element> = { grid: GridIcon, list: ListIcon, map: MapIcon };

/**
 * Grid / list / map switch. Each view is its own URL (?view=), so the switch is a set of links
 * (works without JavaScript); the current one carries aria-current.
 */
export function ViewToggle({
  views,
  current,
  hrefFor,
  onNavigate,
}: {
  views: readonly string[];
  current: string;
  hrefFor: (view: string) => string;
  onNavigate?: () => void;
}) {
  const { t } = useTranslation('catalog');
  return (
    <div className="view-toggle" role="group" aria-label={t('view.label')}>
      {views.map((v) => {
        const Icon = ICONS[v] ?? GridIcon;
        return (
          <Link
            key={v}
            to={hrefFor(v)}
            aria-current={v === current ? 'true' : undefined}
            preventScrollReset
            onClick={onNavigate}
            title={t(`view.${v}`)}
          >
            <Icon size={18} />
            <span className="view-toggle__text">{t(`view.${v}`)}</span>
          </Link>
        );
      })}
    </div>
  );
}
