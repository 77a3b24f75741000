import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { STAFF_ROLES, type Language, type StaffPropertyEditDto } from '@realty/contracts';
import { formatDateTime } from '@realty/i18n/format';
import { useTranslation } from 'react-i18next';
import { DashboardErrorBoundary } from '~/components/account/Dashboard';
import { imagesAction, ListingImages } from '~/components/listings/ListingImages';
import { ListingForm } from '~/components/listings/ListingForm';
import { ConfirmPanel } from '~/components/staff/TableControls';
import { ListingAiPanel } from '~/components/ai/ListingAiPanel';
import { loadListingAiDraft } from '~/lib/ai/listing-ai.server';
import { i18nServer } from '~/i18n.server';
import { mapTiles } from '~/lib/api/api.server';
import { requireUser } from '~/lib/auth/auth.server';
import { dashboardMeta } from '~/lib/i18n/error-meta';
import { editPath, listingValues, type ListingFormValues } from '~/lib/listings/listing-form';
import { loadFormOptions, loadListingForEdit, saveListing } from '~/lib/listings/listing-form.server';
import { readStaffPost, type StaffFormResult } from '~/lib/staff/staff-form.server';
import listingCss from '~/styles/listing-form.css?url';

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: listingCss }];

export const meta: MetaFunction<typeof loader> = (args) => dashboardMeta(args, args.data?.title);

/**
 * /dashboard/employee/edit/{id} (issue 21; spec 02 §2, §4, §5): the listing on the one listing
 * form (the proposed values while an edit waits for moderation), its status, the moderator's
 * rejection (reason and notes) shown first, and its images (upload with progress, reorder, main
 * image, delete after a confirmation: ?deleteImage=<id>). The owner or an admin (the API answers
 * 403 otherwise: the dashboard's 403 screen).
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const auth = await requireUser(request, STAFF_ROLES);
  const id = params.id ?? '';
  const [t, td, listing, options, ai] = await Promise.all([
    i18nServer.getFixedT(auth.lang, 'listingForm'),
    i18nServer.getFixedT(auth.lang, 'dashboard'),
    loadListingForEdit(request, auth, id),
    loadFormOptions(request, auth),
    loadListingAiDraft(request, auth, id),
  ]);
  const deleteId = new URL(request.url).searchParams.get('deleteImage');
  const confirmDelete = deleteId ? (listing.images.find((i) => i.id === deleteId && i.name) ?? null) : null;
  return data(
    { title: td('meta.title', { page: t('editTitle') }), lang: auth.lang, listing, options, tiles: mapTiles(), confirmDelete, ai },
    { headers: await auth.headers({ 'Cache-Control': 'private, no-store' }) },
  );
}

export async function action({ request, params }: ActionFunctionArgs) {
  const id = params.id ?? '';
  const { form, auth } = await readStaffPost(request, STAFF_ROLES, editPath(id));
  return saveListing(request, auth, form, id);
}

/** Status, rejection and waiting-changes notes above the form. */
function ListingState({ listing, lang }: { listing: StaffPropertyEditDto; lang: Language }) {
  const { t } = useTranslation('listingForm');
  return (
    <>
      <p className="listing-status">
        {t('status.label')}: <strong data-status={listing.status}>{t(`status.${listing.status}`)}</strong>
      </p>
      {listing.rejection ? (
        <section className="listing-rejection" aria-labelledby="listing-rejection-title">
          <h2 id="listing-rejection-title">{t('rejection.title')}</h2>
          <dl>
            <dt>{t('rejection.reason')}</dt>
            <dd>{listing.rejection.reason}</dd>
            {listing.rejection.notes ? (
              <>
                <dt>{t('rejection.notes')}</dt>
                <dd className="listing-rejection__notes">{listing.rejection.notes}</dd>
              </>
            ) : null}
            <dt>{t('rejection.at')}</dt>
            <dd>
              <time dateTime={listing.rejection.at}>{formatDateTime(listing.rejection.at, lang)}</time>
            </dd>
          </dl>
          <p>{t('rejection.fix')}</p>
        </section>
      ) : null}
      {listing.pendingChanges ? (
        <section className="listing-waiting" aria-labelledby="listing-waiting-title">
          <h2 id="listing-waiting-title">{t('waiting.title')}</h2>
          <p>{t('waiting.text')}</p>
        </section>
      ) : listing.status === 'pending' ? (
        <p className="listing-waiting">{t('onModeration')}</p>
      ) : null}
    </>
  );
}

export default function EditListingPage() {
  const { listing, options, tiles, confirmDelete, lang, ai } = useLoaderData<typeof loader>();
  const result = useActionData<StaffFormResult>();
  const { t } = useTranslation('listingForm');
  const position = confirmDelete ? listing.images.findIndex((i) => i.id === confirmDelete.id) + 1 : 0;
  return (
    <div className="listing-page">
      <h1>
        {t('editTitle')}: <span lang="ru">{listing.title.ru}</span>
      </h1>
      <ListingState listing={listing} lang={lang} />
      {confirmDelete?.name ? (
        <ConfirmPanel
          title={t('images.confirmDelete', { n: position })}
          confirmLabel={t('images.confirm')}
          cancelHref={editPath(listing.id)}
          intent="delete"
          hidden={{ name: confirmDelete.name }}
          action={imagesAction(listing.id)}
        />
      ) : null}
      {/* Keyed by the stored version: after a save the form starts clean (no unsaved-changes warning). */}
      <ListingForm
        key={listing.updatedAt}
        mode="edit"
        values={(result?.values as ListingFormValues | undefined) ?? listingValues(listing)}
        options={options}
        errors={result?.errors ?? {}}
        formError={result?.formError ?? null}
        tiles={tiles}
      />
      <ListingImages propertyId={listing.id} images={listing.images} />
      <ListingAiPanel propertyId={listing.id} request={ai} lang={lang} selfHref={`${editPath(listing.id)}${ai ? `?ai=${ai.id}` : ''}`} />
    </div>
  );
}

export const ErrorBoundary = DashboardErrorBoundary;
