import { useFetcher, useLocation, useRouteLoaderData } from '@remix-run/react';
import type { TFunction } from 'i18next';
import type { loader as rootLoader } from '~/root';
import type { action as favoriteAction } from '~/routes/resources.favorite';
import { template, useTexts } from '~/lib/i18n/texts';
import { useHydrated } from '~/lib/serving/use-hydrated';
import { AuthenticityTokenInput } from './csrf';
import { HeartIcon } from './Icons';
import { ListLink } from './ListLink';
import { useToastEffect } from './toast/Toaster';

/** One fetcher per listing, shared by every heart and counter of that listing on the page. */
const fetcherKey = (propertyId: string) => `favorite:${propertyId}`;

/** One Set per favourites list (the root data), shared by every card of the page. */
const idSets = new WeakMap<string[], Set<string>>();
const NO_IDS: string[] = [];
function idSet(ids: string[]): Set<string> {
  let set = idSets.get(ids);
  if (!set) idSets.set(ids, (set = new Set(ids)));
  return set;
}

/**
 * Favourite state of a listing for the signed-in visitor: the saved state (the root loader's
 * ids), overridden while a toggle is in flight (optimistic heart and count, spec 01 §4).
 */
export function useFavorite(propertyId: string | undefined, baseCount = 0) {
  const root = useRouteLoaderData<typeof rootLoader>('root');
  const ids = idSet(root?.favoriteIds ?? NO_IDS);
  const fetcher = useFetcher<typeof favoriteAction>({ key: fetcherKey(propertyId ?? '') });
  const saved = propertyId ? ids.has(propertyId) : false;
  const intent = fetcher.formData?.get('intent');
  const busy = fetcher.state !== 'idle';
  let active = saved;
  let count = baseCount;
  if (intent === 'add' || intent === 'remove') {
    active = intent === 'add';
    if (active !== saved) count = Math.max(0, baseCount + (active ? 1 : -1));
  }
  return { signedIn: !!root?.user, active, count, busy, fetcher };
}

/** What useFavorite returns. */
export type FavoriteState = ReturnType<typeof useFavorite>;

const favoriteTexts = (t: TFunction) => ({
  add: template(t, 'favorite.add', ['title']),
  remove: template(t, 'favorite.remove', ['title']),
  toFavorites: t('favorite.toFavorites'),
  inFavorites: t('favorite.inFavorites'),
});

type FavoriteProps = {
  title: string;
  propertyId?: string;
  active?: boolean;
  className?: string;
  withText?: boolean;
};

/**
 * Favourite heart (spec 01 §2 Card, §4 "Favourite toggle", §8 toasts). Signed in: a form that
 * adds on the first press and removes on the second, disabled while pending, with the toasts
 * 'Добавлено в избранное' / 'Удалено из избранного' / 'Ошибка'. Without JavaScript the same
 * form posts and comes back here with the toast. Anonymous: a link to sign-in that returns here.
 * `active` forces the filled state when no `propertyId` is known.
 */
export function FavoriteLink(props: FavoriteProps) {
  return <FavoriteControl {...props} fav={useFavorite(props.propertyId)} />;
}

/** FavoriteLink with the listing's favourite state already read (a card reads it once for the heart and its counter). */
export function FavoriteControl({
  title,
  propertyId,
  active: forced = false,
  className = 'fav-btn',
  withText = false,
  fav,
}: FavoriteProps & { fav: FavoriteState }) {
  const texts = useTexts('catalog', favoriteTexts);
  const location = useLocation();
  const hydrated = useHydrated();
  const redirectTo = location.pathname + location.search;
  const result = fav.fetcher.data;
  // Shown as soon as the action answers (the card may be gone after the revalidation, e.g. on
  // the favourites page).
  useToastEffect(result?.toast);

  const active = propertyId && fav.signedIn ? fav.active : forced;
  const label = active ? texts.remove({ title }) : texts.add({ title });
  const content = (
    <>
      <HeartIcon filled={active} size={20} />
      {withText ? <span>{active ? texts.inFavorites : texts.toFavorites}</span> : null}
    </>
  );

  if (!propertyId || !fav.signedIn) {
    return (
      <ListLink
        to={`/auth?redirectTo=${encodeURIComponent(redirectTo)}`}
        className={className}
        active={!!active}
        label={withText ? undefined : label}
        title={withText ? undefined : label}
      >
        {content}
      </ListLink>
    );
  }

  return (
    <fav.fetcher.Form method="post" action="/resources/favorite" className="fav-form">
      <AuthenticityTokenInput />
      <input type="hidden" name="propertyId" value={propertyId} />
      <input type="hidden" name="intent" value={active ? 'remove' : 'add'} />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      {/* With JavaScript the action answers data for the fetcher; without, it redirects back. */}
      {hydrated ? <input type="hidden" name="js" value="1" /> : null}
      <button
        type="submit"
        className={className}
        data-active={active ? 'true' : undefined}
        aria-pressed={active}
        aria-busy={fav.busy || undefined}
        disabled={fav.busy}
        aria-label={withText ? undefined : label}
        title={withText ? undefined : label}
      >
        {content}
      </button>
    </fav.fetcher.Form>
  );
}
