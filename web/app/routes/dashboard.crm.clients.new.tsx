import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data } from '@remix-run/node';
import { Link, useActionData } from '@remix-run/react';
import { ClientWriteDto, STAFF_ROLES } from '@realty/contracts';
import { useTranslation } from 'react-i18next';
import { DashboardErrorBoundary } from '~/components/account/Dashboard';
import { ClientFields, clientInput, clientValues, EMPTY_CLIENT, type ClientFormValues } from '~/components/crm-deals/ClientFields';
import { StaffForm } from '~/components/staff/StaffForm';
import { i18nServer } from '~/i18n.server';
import { requireUser } from '~/lib/auth/auth.server';
import { dashboardMeta } from '~/lib/i18n/error-meta';
import { readStaffPost, submitStaffForm, type StaffFormResult } from '~/lib/staff/staff-form.server';
import crmDealsCss from '~/styles/crm/deals.css?url';
import crmSharedCss from '~/styles/crm/shared.css?url';

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: crmSharedCss },
  { rel: 'stylesheet', href: crmDealsCss },
];

export const meta: MetaFunction<typeof loader> = (args) => dashboardMeta(args, args.data?.title);

const PATH = '/dashboard/crm/clients/new';

/** /dashboard/crm/clients/new (issue 22 "Clients"): a new client of the caller (StaffForm + ClientWriteDto; POST /api/crm/clients). */
export async function loader({ request }: LoaderFunctionArgs) {
  const auth = await requireUser(request, STAFF_ROLES);
  const [t, td] = await Promise.all([i18nServer.getFixedT(auth.lang, 'crmDeals'), i18nServer.getFixedT(auth.lang, 'dashboard')]);
  return data(
    { title: td('meta.title', { page: t('clients.create') }) },
    { headers: await auth.headers({ 'Cache-Control': 'private, no-store' }) },
  );
}

export async function action({ request }: ActionFunctionArgs) {
  const { form, auth } = await readStaffPost(request, STAFF_ROLES, PATH);
  const t = await i18nServer.getFixedT(auth.lang, 'crmDeals');
  const input = clientInput(form);
  return submitStaffForm({
    request,
    auth,
    Dto: ClientWriteDto,
    input,
    values: clientValues(input),
    write: (value) => auth.api.crmDeals.createClient(value),
    success: (client) => ({
      to: `/dashboard/crm/clients/${client.id}`,
      toast: { title: t('clients.createdToast', { name: client.name }) },
    }),
  });
}

export default function NewClientPage() {
  const result = useActionData<StaffFormResult>();
  const { t } = useTranslation('crmDeals');
  return (
    <section aria-labelledby="crm-client-new-title" className="crm-client-page">
      <h1 id="crm-client-new-title">{t('clients.create')}</h1>
      <StaffForm
        errors={result?.errors}
        formError={result?.formError}
        submitLabel={t('save')}
        secondary={
          <Link to="/dashboard/crm/clients" className="btn btn-secondary">
            {t('cancel')}
          </Link>
        }
      >
        <ClientFields values={(result?.values as ClientFormValues | undefined) ?? EMPTY_CLIENT} errors={result?.errors ?? {}} />
      </StaffForm>
    </section>
  );
}

export const ErrorBoundary = DashboardErrorBoundary;
