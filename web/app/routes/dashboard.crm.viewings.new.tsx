import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { ViewingWriteDto, type ViewingDto, type ViewingOptionsDto } from '@realty/contracts';
import { useTranslation } from 'react-i18next';
import { DashboardErrorBoundary } from '~/components/account/Dashboard';
import { ViewingFields, viewingFormValues, viewingInput, type ViewingFormValues } from '~/components/crm-schedule/ViewingFields';
import { StaffForm } from '~/components/staff/StaffForm';
import { i18nServer } from '~/i18n.server';
import { requireUser } from '~/lib/auth/auth.server';
import { bookingWrite, CRM_PAGE_ROLES, readOrFail, SUPERVISOR_ROLES, uuidOf } from '~/lib/crm-schedule/schedule.server';
import { dashboardMeta } from '~/lib/i18n/error-meta';
import { readStaffPost, submitStaffForm, type StaffFormResult } from '~/lib/staff/staff-form.server';
import crmSharedCss from '~/styles/crm/shared.css?url';
import scheduleCss from '~/styles/crm/schedule.css?url';

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: crmSharedCss },
  { rel: 'stylesheet', href: scheduleCss },
];

export const meta: MetaFunction<typeof loader> = (args) => dashboardMeta(args, args.data?.title);

const PATH = '/dashboard/crm/viewings/new';

/**
 * /dashboard/crm/viewings/new (issue 22 "Viewings"): the booking form. ?q= narrows the listing
 * select to a title / address search (a GET form above it; without it the 200 most recently
 * changed active listings); ?clientId / ?leadId / ?dealId preselect the subject. A double
 * booking (409) shows the API's message under the time field.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const auth = await requireUser(request, CRM_PAGE_ROLES);
  const t = await i18nServer.getFixedT(auth.lang, 'crmSchedule');
  const td = await i18nServer.getFixedT(auth.lang, 'dashboard');
  const params = new URL(request.url).searchParams;
  const q = (params.get('q') ?? '').trim().slice(0, 100);
  const { value, failed } = await readOrFail(request, auth, () => auth.api.crmSchedule.viewings.options(q || undefined));
  const options: ViewingOptionsDto = value ?? { properties: [], clients: [], agents: [] };
  return data(
    {
      title: td('meta.title', { page: t('viewings.create') }),
      q,
      options,
      failed,
      supervisor: SUPERVISOR_ROLES.includes(auth.user.role),
      preset: {
        agentId: auth.user.id,
        propertyId: uuidOf(params.get('propertyId')) ?? '',
        clientId: uuidOf(params.get('clientId')) ?? '',
        leadId: uuidOf(params.get('leadId')) ?? '',
        dealId: uuidOf(params.get('dealId')) ?? '',
      },
    },
    { status: failed ? 503 : 200, headers: await auth.headers({ 'Cache-Control': 'private, no-store' }) },
  );
}

export async function action({ request }: ActionFunctionArgs) {
  const { form, auth } = await readStaffPost(request, CRM_PAGE_ROLES, PATH);
  const t = await i18nServer.getFixedT(auth.lang, 'crmSchedule');
  const { input, values } = viewingInput(form);
  return submitStaffForm({
    request,
    auth,
    Dto: ViewingWriteDto,
    input,
    values,
    write: (value) => bookingWrite(() => auth.api.crmSchedule.viewings.create(value)),
    success: (v: ViewingDto) => ({ to: `/dashboard/crm/viewings/${v.id}`, toast: { title: t('viewings.booked') } }),
  });
}

export default function NewViewingPage() {
  const { q, options, supervisor, preset } = useLoaderData<typeof loader>();
  const result = useActionData<StaffFormResult>();
  const { t } = useTranslation('crmSchedule');
  const values = viewingFormValues(null, { ...preset, ...((result?.values as Partial<ViewingFormValues> | undefined) ?? {}) });
  return (
    <section aria-labelledby="viewing-new-title" className="crm-schedule">
      <p>
        <Link to="/dashboard/crm/viewings">← {t('viewings.title')}</Link>
      </p>
      <h1 id="viewing-new-title">{t('viewings.create')}</h1>
      <Form method="get" className="schedule-search" role="search">
        <label htmlFor="viewing-q">{t('viewings.fields.propertySearch')}</label>
        <input id="viewing-q" name="q" type="search" defaultValue={q} maxLength={100} />
        {(['clientId', 'leadId', 'dealId'] as const).map((k) =>
          preset[k] ? <input key={k} type="hidden" name={k} value={preset[k]} /> : null,
        )}
        <button type="submit" className="btn btn-secondary">
          {t('viewings.fields.find')}
        </button>
      </Form>
      <StaffForm
        errors={result?.errors}
        formError={result?.formError}
        submitLabel={t('viewings.create')}
        secondary={
          <Link to="/dashboard/crm/viewings" className="btn btn-secondary">
            {t('common.cancel')}
          </Link>
        }
      >
        <ViewingFields values={values} errors={result?.errors ?? {}} options={options} supervisor={supervisor} />
      </StaffForm>
    </section>
  );
}

export const ErrorBoundary = DashboardErrorBoundary;
