import { Link, useLocation } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { HeartIcon } from './Icons';

/**
 * Favourite heart. Favourites need an account (the accounts work wires the toggle); until then
 * it is a link to sign-in that comes back here, so it also works without JavaScript.
 * `active` draws the filled red heart (spec 01 §2 Card).
 */
export function FavoriteLink({ title, active = false, className = 'fav-btn', withText = false }: { title: string; active?: boolean; className?: string; withText?: boolean }) {
  const { t } = useTranslation('catalog');
  const location = useLocation();
  const redirectTo = location.pathname + location.search;
  const label = active ? t('favorite.remove', { title }) : t('favorite.add', { title });
  return (
    <Link
      to={`/auth?redirectTo=${encodeURIComponent(redirectTo)}`}
      className={className}
      data-active={active ? 'true' : undefined}
      aria-label={withText ? undefined : label}
      title={withText ? undefined : label}
    >
      <HeartIcon filled={active} size={20} />
      {withText ? <span>{active ? t('favorite.inFavorites') : t('favorite.toFavorites')}</span> : null}
    </Link>
  );
}
