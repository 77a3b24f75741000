import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data } from '@remix-run/node';
import { Link, useActionData, useLoaderData } from '@remix-run/react';
import { CreateCrmLeadDto, type CrmAgentDto, supervisesCrm } from '@realty/contracts';
import { useTranslation } from 'react-i18next';
import { DashboardErrorBoundary } from '~/components/account/Dashboard';
import { LEAD_FORM_FIELDS, LeadFields, type LeadFormValues } from '~/components/crm/LeadFields';
import { StaffForm } from '~/components/staff/StaffForm';
import { SelectField } from '~/components/staff/fields';
import { i18nServer } from '~/i18n.server';
import { requireUser, STAFF_ROLES } from '~/lib/auth/auth.server';
import { dashboardMeta } from '~/lib/i18n/error-meta';
import { formInput, readStaffPost, submitStaffForm, type StaffFormResult } from '~/lib/staff/staff-form.server';
import crmSharedCss from '~/styles/crm/shared.css?url';
import crmLeadsCss from '~/styles/crm/leads.css?url';

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: crmSharedCss },
  { rel: 'stylesheet', href: crmLeadsCss },
];

export const meta: MetaFunction<typeof loader> = (args) => dashboardMeta(args, args.data?.title);

const LIST = '/dashboard/crm/leads';

/**
 * /dashboard/crm/leads/new (issue 22 "POST /api/crm/leads"; spec 02 §3 Lead): the manual lead
 * form on StaffForm with the shared DTO (CreateCrmLeadDto). The owner: supervisors choose any
 * agent, an employee themself; empty = the next agent by round-robin. Success -> the lead's page.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const auth = await requireUser(request, STAFF_ROLES);
  const t = await i18nServer.getFixedT(auth.lang, 'crmLeads');
  const dt = await i18nServer.getFixedT(auth.lang, 'dashboard');
  const agents = await auth.api.crmLeads.agents().catch((): CrmAgentDto[] => []);
  const supervisor = supervisesCrm(auth.user.role);
  return data(
    {
      title: dt('meta.title', { page: t('newLead') }),
      agents: supervisor ? agents : agents.filter((a) => a.id === auth.user.id),
    },
    { headers: await auth.headers({ 'Cache-Control': 'private, no-store' }) },
  );
}

export async function action({ request }: ActionFunctionArgs) {
  const { form, auth } = await readStaffPost(request, STAFF_ROLES, `${LIST}/new`);
  const t = await i18nServer.getFixedT(auth.lang, 'crmLeads');
  const input = formInput(form, { ...LEAD_FORM_FIELDS, ownerId: 'optionalText' });
  return submitStaffForm({
    request,
    auth,
    Dto: CreateCrmLeadDto,
    input,
    values: input,
    write: (value) => auth.api.crmLeads.create(value),
    success: (lead) => ({ to: `${LIST}/${lead.id}`, toast: { title: t('toast.created') } }),
  });
}

export default function NewLeadPage() {
  const { agents } = useLoaderData<typeof loader>();
  const result = useActionData<StaffFormResult>();
  const { t } = useTranslation('crmLeads');
  const values = (result?.values ?? {}) as LeadFormValues & { ownerId?: string | null };
  const errors = result?.errors ?? {};
  return (
    <section aria-labelledby="new-lead-title" className="crm-lead-page">
      <p>
        <Link to={LIST}>← {t('back')}</Link>
      </p>
      <h1 id="new-lead-title">{t('newLead')}</h1>
      <StaffForm
        errors={errors}
        formError={result?.formError}
        submitLabel={t('create')}
        secondary={
          <Link to={LIST} className="btn btn-secondary">
            {t('back')}
          </Link>
        }
      >
        <LeadFields values={values} errors={errors} />
        <SelectField
          name="ownerId"
          label={t('fields.ownerId')}
          defaultValue={values.ownerId ?? ''}
          error={errors.ownerId}
          emptyLabel={t('rotation')}
          options={agents.map((a) => ({ value: a.id, label: a.name }))}
        />
      </StaffForm>
    </section>
  );
}

export const ErrorBoundary = DashboardErrorBoundary;
