import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { ApiError } from '@realty/api-client';
import {
  CALL_OUTCOMES,
  CrmLeadDto,
  LEAD_STATUSES,
  LeadAssignDto,
  LeadCallDto,
  LeadConvertDto,
  LeadMergeDto,
  LeadStatusDto,
  type CrmAgentDto,
  type CrmLeadDetailDto,
  supervisesCrm,
} from '@realty/contracts';
import { formatDateTime, formatMoney } from '@realty/i18n/format';
import { useTranslation } from 'react-i18next';
import { DashboardErrorBoundary } from '~/components/account/Dashboard';
import { LEAD_MESSAGING_LINKS, LeadMessaging } from '~/components/crm/LeadMessaging';
import { LEAD_FORM_FIELDS, LeadFields, type LeadFormValues } from '~/components/crm/LeadFields';
import { Timeline } from '~/components/crm/Timeline';
import { AuthenticityTokenInput } from '~/components/csrf';
import { StaffForm } from '~/components/staff/StaffForm';
import { SelectField, TextAreaField, TextField } from '~/components/staff/fields';
import { ConfirmPanel } from '~/components/staff/TableControls';
import { useToastEffect } from '~/components/toast/Toaster';
import { i18nServer } from '~/i18n.server';
import { requireUser, rethrowAuthError, STAFF_ROLES } from '~/lib/auth/auth.server';
import { leadMessagingTemplates } from '~/lib/crm/lead-messaging.server';
import { failureToast } from '~/lib/forms/forms.server';
import { redirectWithToast } from '~/lib/forms/toast.server';
import { dashboardMeta } from '~/lib/i18n/error-meta';
import { formInput, readStaffPost, submitStaffForm, type StaffFormResult } from '~/lib/staff/staff-form.server';
import { useStaffRefresh } from '~/lib/staff/use-staff-refresh';
import crmSharedCss from '~/styles/crm/shared.css?url';
import crmLeadsCss from '~/styles/crm/leads.css?url';
import { waitLabel } from './dashboard.crm.leads._index';

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: crmSharedCss },
  { rel: 'stylesheet', href: crmLeadsCss },
  ...LEAD_MESSAGING_LINKS,
];

export const meta: MetaFunction<typeof loader> = (args) => dashboardMeta(args, args.data?.title);

const LIST = '/dashboard/crm/leads';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const CONFIRMS = ['convert', 'merge', 'delete'] as const;
type Confirm = (typeof CONFIRMS)[number];
/** The intents answered by a StaffForm of the page (it shows its own errors and toast). */
const STAFF_FORM_INTENTS = ['save', 'status', 'call', 'assign', 'take'];

/**
 * /dashboard/crm/leads/{id} (issue 22 "Leads"; spec 02 §2, §3 Lead): the lead's details and
 * edit form, status change with notes, the call log form, the owner (supervisors: an agent
 * select; an employee: "take it" for an unassigned lead), convert (confirmation, then the new
 * deal's page with a toast), merge of a duplicate into this lead (confirmation), delete
 * (ConfirmPanel), the timeline, and the slot of the messaging forms (#lead-messaging). Every
 * action is a plain POST form with the CSRF token, handled here through the typed client.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const auth = await requireUser(request, STAFF_ROLES);
  const t = await i18nServer.getFixedT(auth.lang, 'crmLeads');
  const dt = await i18nServer.getFixedT(auth.lang, 'dashboard');
  const id = params.id ?? '';
  if (!UUID.test(id)) throw data({ code: 'NOT_FOUND' }, { status: 404, headers: await auth.headers() });
  const supervisor = supervisesCrm(auth.user.role);
  let lead: CrmLeadDetailDto;
  let agents: CrmAgentDto[] = [];
  let templates: Awaited<ReturnType<typeof leadMessagingTemplates>> = { email: [], telegram: [] };
  try {
    [lead, agents, templates] = await Promise.all([
      auth.api.crmLeads.get(id),
      supervisor ? auth.api.crmLeads.agents().catch((): CrmAgentDto[] => []) : Promise.resolve([]),
      leadMessagingTemplates(auth),
    ]);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) await rethrowAuthError(request, auth, error);
    const status = error instanceof ApiError && (error.status === 404 || error.status === 403) ? error.status : 503;
    throw data(
      { code: status === 404 ? 'NOT_FOUND' : status === 403 ? 'FORBIDDEN' : 'UNAVAILABLE' },
      { status, headers: await auth.headers() },
    );
  }
  const url = new URL(request.url);
  const confirmRaw = url.searchParams.get('confirm') ?? '';
  const confirm = (CONFIRMS as readonly string[]).includes(confirmRaw) ? (confirmRaw as Confirm) : null;
  const withId = url.searchParams.get('with') ?? '';
  const mergeSource = confirm === 'merge' ? (lead.duplicates.find((d) => d.id === withId) ?? null) : null;
  return data(
    {
      title: dt('meta.title', { page: lead.name || t('details') }),
      lang: auth.lang,
      lead,
      agents,
      templates,
      me: auth.user.id,
      supervisor,
      confirm: confirm === 'merge' && !mergeSource ? null : confirm,
      mergeSource,
    },
    { headers: await auth.headers({ 'Cache-Control': 'private, no-store' }) },
  );
}

export async function action({ request, params }: ActionFunctionArgs) {
  const id = params.id ?? '';
  const here = `${LIST}/${id}`;
  const { form, auth, intent } = await readStaffPost(request, STAFF_ROLES, here);
  const t = await i18nServer.getFixedT(auth.lang, 'crmLeads');
  const dt = await i18nServer.getFixedT(auth.lang, 'dashboard');
  const api = auth.api.crmLeads;
  const done = (title: string) => () => ({ to: here, toast: { title } });
  const common = { request, auth, values: { intent } };

  if (intent === 'save') {
    const input = formInput(form, LEAD_FORM_FIELDS);
    return submitStaffForm({
      ...common,
      values: { intent, ...input },
      Dto: CrmLeadDto,
      input,
      write: (v) => api.update(id, v),
      success: done(t('toast.saved')),
    });
  }
  if (intent === 'status')
    return submitStaffForm({
      ...common,
      Dto: LeadStatusDto,
      input: formInput(form, { status: 'text', notes: 'optionalText' }),
      write: (v) => api.setStatus(id, v),
      success: done(t('toast.status')),
    });
  if (intent === 'call')
    return submitStaffForm({
      ...common,
      Dto: LeadCallDto,
      input: formInput(form, { outcome: 'text', durationSec: 'text', note: 'optionalText' }),
      write: (v) => api.logCall(id, v),
      success: done(t('toast.call')),
    });
  if (intent === 'assign' || intent === 'take')
    return submitStaffForm({
      ...common,
      Dto: LeadAssignDto,
      input: intent === 'take' ? { agentId: auth.user.id } : formInput(form, { agentId: 'text' }),
      write: (v) => api.assign(id, v.agentId),
      success: done(t('toast.assigned')),
    });
  if (intent === 'convert')
    return submitStaffForm({
      ...common,
      Dto: LeadConvertDto,
      input: formInput(form, { companyName: 'optionalText' }),
      write: (v) => api.convert(id, v),
      // the deal's page belongs to the deals screens (issue 22); the link is theirs to answer
      success: (r) => ({ to: `/dashboard/crm/deals/${r.deal.id}`, toast: { title: t('toast.converted'), description: r.deal.title } }),
    });
  if (intent === 'merge') {
    const source = String(form.get('sourceId') ?? '');
    return submitStaffForm({
      ...common,
      Dto: LeadMergeDto,
      input: { intoId: id },
      write: (v) => (UUID.test(source) ? api.merge(source, v.intoId) : Promise.reject(new ApiError(404, 'NOT_FOUND', 'NOT_FOUND'))),
      success: done(t('toast.merged')),
    });
  }
  if (intent === 'delete') {
    try {
      await api.remove(id);
      return redirectWithToast(request, LIST, { title: t('toast.deleted') }, { headers: await auth.headers() });
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) await rethrowAuthError(request, auth, error);
      const toast = failureToast(error, { title: dt('error'), fallback: t('toast.failed'), network: dt('form.network') });
      return redirectWithToast(request, here, toast, { headers: await auth.headers() });
    }
  }
  return redirectWithToast(request, here, { title: t('toast.failed'), variant: 'destructive' }, { headers: await auth.headers() });
}

export default function LeadPage() {
  const { lead, agents, templates, me, supervisor, confirm, mergeSource, lang } = useLoaderData<typeof loader>();
  const result = useActionData<StaffFormResult>();
  useStaffRefresh('leads');
  const { t } = useTranslation('crmLeads');
  const { t: tc } = useTranslation('crm');
  const here = `${LIST}/${lead.id}`;
  const posted = (result?.values ?? {}) as { intent?: string } & LeadFormValues;
  /** The errors and failure of the form that posted (one action answers every form of the page). */
  const of = (intent: string) =>
    posted.intent === intent ? { errors: result?.errors ?? {}, formError: result?.formError ?? null } : { errors: {}, formError: null };
  const converted = lead.status === 'converted';
  // the failures of the forms outside StaffForm (convert, merge): a toast and the alert below
  const otherFailure = result?.formError && !STAFF_FORM_INTENTS.includes(posted.intent ?? '') ? result.formError : null;
  useToastEffect(otherFailure);
  const canTake = !supervisor && lead.owner === null;

  return (
    <article aria-labelledby="lead-title" className="crm-lead-page">
      <p>
        <Link to={LIST}>← {t('back')}</Link>
      </p>
      <header className="page-head">
        <h1 id="lead-title">
          {lead.name || lead.phone || lead.email}{' '}
          <span className={`crm-badge crm-status crm-status--${lead.status}`}>{tc(`leadStatus.${lead.status}`)}</span>
          {lead.duplicateOfId ? <span className="crm-badge crm-badge--duplicate">{t('duplicate')}</span> : null}
        </h1>
      </header>

      {confirm === 'delete' ? (
        <ConfirmPanel
          title={t('deleteConfirmTitle')}
          text={t('deleteConfirmText')}
          confirmLabel={t('delete')}
          cancelHref={here}
          intent="delete"
        />
      ) : null}
      {confirm === 'convert' ? (
        <section className="crm-panel" role="alertdialog" aria-labelledby="convert-title" aria-describedby="convert-text">
          <h2 id="convert-title">{t('convertConfirmTitle')}</h2>
          <p id="convert-text">{t('convertConfirmText')}</p>
          <Form method="post" className="crm-inline-form">
            <AuthenticityTokenInput />
            <div>
              <label htmlFor="convert-company">{t('companyName')}</label>
              <input id="convert-company" name="companyName" maxLength={200} />
            </div>
            <div className="confirm-panel__actions">
              <button type="submit" name="intent" value="convert" className="btn btn-primary" autoFocus>
                {t('convert')}
              </button>
              <Link to={here} className="btn btn-secondary">
                {t('back')}
              </Link>
            </div>
          </Form>
        </section>
      ) : null}
      {confirm === 'merge' && mergeSource ? (
        <ConfirmPanel
          title={t('mergeConfirmTitle')}
          text={t('mergeConfirmText', { name: mergeSource.name || mergeSource.phone })}
          confirmLabel={t('merge')}
          cancelHref={here}
          intent="merge"
          hidden={{ sourceId: mergeSource.id }}
          destructive={false}
        />
      ) : null}
      {otherFailure ? (
        <p className="form-alert" role="alert">
          {otherFailure.title}
          {otherFailure.description ? `: ${otherFailure.description}` : ''}
        </p>
      ) : null}

      {!lead.editable ? <p className="crm-muted">{t('readOnly')}</p> : null}

      <div className="crm-lead-grid">
        <section className="crm-panel" aria-labelledby="lead-facts-title">
          <h2 id="lead-facts-title">{t('details')}</h2>
          <dl className="crm-facts">
            <dt>{t('fields.phone')}</dt>
            <dd>{lead.phone ? <a href={`tel:${lead.phone.replace(/[^\d+]/g, '')}`}>{lead.phone}</a> : '—'}</dd>
            <dt>{t('fields.email')}</dt>
            <dd>{lead.email ? <a href={`mailto:${lead.email}`}>{lead.email}</a> : '—'}</dd>
            <dt>{t('fields.telegram')}</dt>
            <dd>{lead.telegram ? `@${lead.telegram}` : '—'}</dd>
            <dt>{t('fields.source')}</dt>
            <dd>{tc(`leadSource.${lead.source}`, { defaultValue: lead.source })}</dd>
            <dt>{t('fields.topic')}</dt>
            <dd>{lead.topic}</dd>
            <dt>{t('fields.quality')}</dt>
            <dd>{tc(`leadQuality.${lead.quality}`)}</dd>
            <dt>{t('fields.budget')}</dt>
            <dd>{lead.budget === null ? '—' : formatMoney(lead.budget)}</dd>
            <dt>{t('fields.owner')}</dt>
            <dd>{lead.owner?.name || t('unassigned')}</dd>
            <dt>{t('fields.created')}</dt>
            <dd>{formatDateTime(lead.createdAt, lang)}</dd>
            <dt>{t('columns.waiting')}</dt>
            <dd className={lead.waitingTooLong ? 'crm-waiting--late' : undefined}>
              {lead.waitingMinutes === null ? '—' : waitLabel(lead.waitingMinutes, t)}
            </dd>
            <dt>{t('fields.firstContact')}</dt>
            <dd>{lead.firstContactedAt ? formatDateTime(lead.firstContactedAt, lang) : '—'}</dd>
            {lead.property ? (
              <>
                <dt>{t('fields.property')}</dt>
                <dd>
                  <a href={`/property/${lead.property.slug}`}>{lead.property.title}</a>
                </dd>
              </>
            ) : null}
            {lead.client ? (
              <>
                <dt>{t('fields.client')}</dt>
                <dd>
                  <Link to={`/dashboard/crm/clients/${lead.client.id}`}>{lead.client.name}</Link>
                </dd>
              </>
            ) : null}
            {lead.deal ? (
              <>
                <dt>{t('fields.deal')}</dt>
                <dd>
                  <Link to={`/dashboard/crm/deals/${lead.deal.id}`}>{lead.deal.title}</Link> · {tc(`dealStage.${lead.deal.stage}`)}
                </dd>
              </>
            ) : null}
          </dl>
          {lead.message ? <p className="crm-timeline__body">{lead.message}</p> : null}
        </section>

        <section className="crm-panel" aria-labelledby="lead-owner-title">
          <h2 id="lead-owner-title">{t('assignTitle')}</h2>
          <p>{lead.owner?.name || t('unassigned')}</p>
          {supervisor ? (
            <StaffForm {...of('assign')} submitLabel={t('assign')} guardUnsaved={false} id="lead-assign-form">
              <input type="hidden" name="intent" value="assign" />
              <SelectField
                name="agentId"
                label={t('agent')}
                defaultValue={lead.owner?.id ?? ''}
                error={of('assign').errors.agentId}
                emptyLabel="—"
                options={agents.map((a) => ({ value: a.id, label: a.name }))}
              />
            </StaffForm>
          ) : canTake ? (
            <StaffForm {...of('take')} submitLabel={t('takeIt')} guardUnsaved={false} id="lead-take-form">
              <input type="hidden" name="intent" value="take" />
              <input type="hidden" name="agentId" value={me} />
            </StaffForm>
          ) : null}
        </section>

        {lead.editable && !converted ? (
          <section className="crm-panel" aria-labelledby="lead-status-title">
            <h2 id="lead-status-title">{t('statusTitle')}</h2>
            <StaffForm {...of('status')} submitLabel={t('changeStatus')} guardUnsaved={false} id="lead-status-form">
              <input type="hidden" name="intent" value="status" />
              <SelectField
                name="status"
                label={t('newStatus')}
                defaultValue={lead.status}
                error={of('status').errors.status}
                options={LEAD_STATUSES.filter((s) => s !== 'converted').map((s) => ({ value: s, label: tc(`leadStatus.${s}`) }))}
              />
              <TextAreaField name="notes" label={t('notes')} error={of('status').errors.notes} rows={3} maxLength={1000} />
            </StaffForm>
          </section>
        ) : null}

        {lead.editable ? (
          <section className="crm-panel" aria-labelledby="lead-call-title">
            <h2 id="lead-call-title">{t('callTitle')}</h2>
            <StaffForm {...of('call')} submitLabel={t('logCall')} guardUnsaved={false} id="lead-call-form">
              <input type="hidden" name="intent" value="call" />
              <SelectField
                name="outcome"
                label={t('outcome')}
                defaultValue="answered"
                error={of('call').errors.outcome}
                options={CALL_OUTCOMES.map((o) => ({ value: o, label: tc(`callOutcome.${o}`) }))}
              />
              <TextField
                name="durationSec"
                label={t('duration')}
                hint={t('durationHint')}
                defaultValue="0"
                error={of('call').errors.durationSec}
                inputMode="numeric"
              />
              <TextAreaField name="note" label={t('note')} error={of('call').errors.note} rows={3} maxLength={1000} />
            </StaffForm>
          </section>
        ) : null}

        {lead.editable ? (
          <section className="crm-panel" aria-labelledby="lead-convert-title">
            <h2 id="lead-convert-title">{t('convertTitle')}</h2>
            {converted ? (
              <p>
                {t('convertedInfo')} {lead.deal ? <Link to={`/dashboard/crm/deals/${lead.deal.id}`}>{t('openDeal')}</Link> : null}
              </p>
            ) : (
              <>
                <p className="crm-muted">{t('convertHint')}</p>
                <Link to={`${here}?confirm=convert`} className="btn btn-primary">
                  {t('convert')}
                </Link>
              </>
            )}
          </section>
        ) : null}

        {lead.duplicates.length ? (
          <section className="crm-panel" aria-labelledby="lead-duplicates-title">
            <h2 id="lead-duplicates-title">{t('duplicatesTitle')}</h2>
            <ul className="crm-duplicates">
              {lead.duplicates.map((d) => (
                <li key={d.id}>
                  <Link to={`${LIST}/${d.id}`}>{d.name || d.phone || d.email}</Link> · {tc(`leadStatus.${d.status}`)} ·{' '}
                  {formatDateTime(d.createdAt, lang)}
                  {lead.editable && d.editable && d.status !== 'converted' ? (
                    <>
                      {' '}
                      <Link to={`${here}?confirm=merge&with=${d.id}`} className="btn btn-secondary">
                        {t('mergeHere')}
                      </Link>
                    </>
                  ) : null}
                </li>
              ))}
            </ul>
          </section>
        ) : null}

        {lead.editable ? (
          <div id="lead-messaging">
            <LeadMessaging leadId={lead.id} templates={templates} back={here} defaultLanguage={lang} />
          </div>
        ) : null}
      </div>

      {lead.editable ? (
        <section className="crm-panel" aria-labelledby="lead-edit-title">
          <h2 id="lead-edit-title">{t('edit')}</h2>
          <StaffForm {...of('save')} submitLabel={t('save')} id="lead-edit-form">
            <input type="hidden" name="intent" value="save" />
            <LeadFields
              values={
                posted.intent === 'save'
                  ? posted
                  : { ...lead, propertyId: lead.property?.id ?? null, budget: lead.budget === null ? '' : String(lead.budget) }
              }
              errors={of('save').errors}
            />
          </StaffForm>
          <p>
            <Link to={`${here}?confirm=delete`} className="btn btn-danger">
              {t('deleteLead')}
            </Link>
          </p>
        </section>
      ) : null}

      <Timeline activities={lead.activities} lang={lang} />
    </article>
  );
}

export const ErrorBoundary = DashboardErrorBoundary;
