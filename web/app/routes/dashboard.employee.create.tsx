import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { STAFF_ROLES } from '@realty/contracts';
import { useTranslation } from 'react-i18next';
import { DashboardErrorBoundary } from '~/components/account/Dashboard';
import { ListingForm } from '~/components/listings/ListingForm';
import { i18nServer } from '~/i18n.server';
import { mapTiles } from '~/lib/api/api.server';
import { requireUser } from '~/lib/auth/auth.server';
import { dashboardMeta } from '~/lib/i18n/error-meta';
import { emptyListingValues, type ListingFormValues } from '~/lib/listings/listing-form';
import { loadFormOptions, saveListing } from '~/lib/listings/listing-form.server';
import { readStaffPost, type StaffFormResult } from '~/lib/staff/staff-form.server';
import listingCss from '~/styles/listing-form.css?url';

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: listingCss }];

export const meta: MetaFunction<typeof loader> = (args) => dashboardMeta(args, args.data?.title);

/**
 * /dashboard/employee/create (issue 21; spec 02 §2, §5): a new listing on the one listing form.
 * Staff only. After the first save: to /dashboard/employee/edit/{id} with a toast (an employee's
 * listing is sent to moderation, an admin's is published) to add the photos there.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const auth = await requireUser(request, STAFF_ROLES);
  const [t, td, options] = await Promise.all([
    i18nServer.getFixedT(auth.lang, 'listingForm'),
    i18nServer.getFixedT(auth.lang, 'dashboard'),
    loadFormOptions(request, auth),
  ]);
  return data(
    { title: td('meta.title', { page: t('createTitle') }), options, tiles: mapTiles(), values: emptyListingValues() },
    { headers: await auth.headers({ 'Cache-Control': 'private, no-store' }) },
  );
}

export async function action({ request }: ActionFunctionArgs) {
  const { form, auth } = await readStaffPost(request, STAFF_ROLES);
  return saveListing(request, auth, form, null);
}

export default function CreateListingPage() {
  const { options, tiles, values } = useLoaderData<typeof loader>();
  const result = useActionData<StaffFormResult>();
  const { t } = useTranslation('listingForm');
  return (
    <div className="listing-page">
      <h1>{t('createTitle')}</h1>
      <p className="form-hint">{t('images.afterSave')}</p>
      <ListingForm
        mode="create"
        values={(result?.values as ListingFormValues | undefined) ?? values}
        options={options}
        errors={result?.errors ?? {}}
        formError={result?.formError ?? null}
        tiles={tiles}
      />
    </div>
  );
}

export const ErrorBoundary = DashboardErrorBoundary;
