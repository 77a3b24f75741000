import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data } from '@remix-run/node';
import { Link, useActionData, useLoaderData } from '@remix-run/react';
import { DealCreateDto, STAFF_ROLES } from '@realty/contracts';
import { useTranslation } from 'react-i18next';
import { DashboardErrorBoundary } from '~/components/account/Dashboard';
import { DEAL_FORM_FIELDS, DealFields, type DealFormValues } from '~/components/crm-deals/DealFields';
import { StaffForm } from '~/components/staff/StaffForm';
import { i18nServer } from '~/i18n.server';
import { requireUser } from '~/lib/auth/auth.server';
import { dealOptions } from '~/lib/crm-deals/deal-options.server';
import { dashboardMeta } from '~/lib/i18n/error-meta';
import { formInput, readStaffPost, submitStaffForm, type StaffFormResult } from '~/lib/staff/staff-form.server';
import crmDealsCss from '~/styles/crm/deals.css?url';
import crmSharedCss from '~/styles/crm/shared.css?url';

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: crmSharedCss },
  { rel: 'stylesheet', href: crmDealsCss },
];

export const meta: MetaFunction<typeof loader> = (args) => dashboardMeta(args, args.data?.title);

const PATH = '/dashboard/crm/deals/new';

/**
 * /dashboard/crm/deals/new (issue 22 "Deals"; spec 02 §3 Deal): a new deal of the caller on the
 * StaffForm with DealCreateDto (validated here and by POST /api/crm/deals); ?clientId= preselects
 * a client (from the client page). On success: the deal's page.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const auth = await requireUser(request, STAFF_ROLES);
  const [t, td] = await Promise.all([i18nServer.getFixedT(auth.lang, 'crmDeals'), i18nServer.getFixedT(auth.lang, 'dashboard')]);
  const options = await dealOptions(auth);
  const clientId = new URL(request.url).searchParams.get('clientId') ?? '';
  return data(
    {
      title: td('meta.title', { page: t('create') }),
      options,
      clientId: options.clients.some((c) => c.value === clientId) ? clientId : '',
    },
    { headers: await auth.headers({ 'Cache-Control': 'private, no-store' }) },
  );
}

export async function action({ request }: ActionFunctionArgs) {
  const { form, auth } = await readStaffPost(request, STAFF_ROLES, PATH);
  const t = await i18nServer.getFixedT(auth.lang, 'crmDeals');
  const values = Object.fromEntries([...Object.keys(DEAL_FORM_FIELDS), 'stage'].map((k) => [k, String(form.get(k) ?? '')]));
  return submitStaffForm({
    request,
    auth,
    Dto: DealCreateDto,
    input: { ...formInput(form, DEAL_FORM_FIELDS), stage: form.get('stage') || undefined },
    values,
    write: (value) => auth.api.crmDeals.createDeal(value),
    success: (deal) => ({ to: `/dashboard/crm/deals/${deal.id}`, toast: { title: t('created', { title: deal.title }) } }),
  });
}

export default function NewDealPage() {
  const { options, clientId } = useLoaderData<typeof loader>();
  const result = useActionData<StaffFormResult>();
  const { t } = useTranslation('crmDeals');
  const values: DealFormValues = (result?.values as DealFormValues | undefined) ?? {
    title: '',
    type: 'rent',
    amount: '',
    probability: '',
    expectedClose: '',
    clientId,
    propertyId: '',
    stage: 'new_lead',
  };
  return (
    <section aria-labelledby="crm-deal-new-title" className="crm-deal-page">
      <h1 id="crm-deal-new-title">{t('create')}</h1>
      <StaffForm
        errors={result?.errors}
        formError={result?.formError}
        submitLabel={t('save')}
        secondary={
          <Link to="/dashboard/crm/deals" className="btn btn-secondary">
            {t('cancel')}
          </Link>
        }
      >
        <DealFields values={values} errors={result?.errors ?? {}} clients={options.clients} properties={options.properties} withStage />
      </StaffForm>
    </section>
  );
}

export const ErrorBoundary = DashboardErrorBoundary;
