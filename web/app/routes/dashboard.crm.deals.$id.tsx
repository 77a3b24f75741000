import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data } from '@remix-run/node';
import { Link, useActionData, useLoaderData } from '@remix-run/react';
import { DealUpdateDto, STAFF_ROLES, type DealDto } from '@realty/contracts';
import { formatDate, formatDateTime, formatMoney } from '@realty/i18n/format';
import { useTranslation } from 'react-i18next';
import { DashboardErrorBoundary } from '~/components/account/Dashboard';
import { Timeline } from '~/components/crm/Timeline';
import { CloseDealForm } from '~/components/crm-deals/CloseDeal';
import { DEAL_FORM_FIELDS, DealFields, type DealFormValues } from '~/components/crm-deals/DealFields';
import { StaffForm } from '~/components/staff/StaffForm';
import { ConfirmPanel } from '~/components/staff/TableControls';
import { i18nServer } from '~/i18n.server';
import { requireUser } from '~/lib/auth/auth.server';
import { dealPost, loadRecord, removeRecord, type DealPostAnswer } from '~/lib/crm-deals/crm-deals.server';
import { dealOptions } from '~/lib/crm-deals/deal-options.server';
import { dashboardMeta } from '~/lib/i18n/error-meta';
import { formInput, readStaffPost, submitStaffForm, type StaffFormResult } from '~/lib/staff/staff-form.server';
import { useStaffRefresh } from '~/lib/staff/use-staff-refresh';
import crmDealsCss from '~/styles/crm/deals.css?url';
import crmSharedCss from '~/styles/crm/shared.css?url';

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: crmSharedCss },
  { rel: 'stylesheet', href: crmDealsCss },
];

export const meta: MetaFunction<typeof loader> = (args) => dashboardMeta(args, args.data?.title);

const pathOf = (id: string) => `/dashboard/crm/deals/${id}`;

function valuesOf(d: DealDto): DealFormValues {
  return {
    title: d.title,
    type: d.type,
    amount: String(d.amount),
    probability: String(d.probability),
    expectedClose: d.expectedClose ?? '',
    clientId: d.client?.id ?? '',
    propertyId: d.property?.id ?? '',
  };
}

/**
 * /dashboard/crm/deals/{id} (issue 22 "Deals"; spec 02 §3 Deal, §4 close): the deal's details,
 * its edit form (StaffForm + DealUpdateDto: PATCH /api/crm/deals/{id}), the stage history, the
 * timeline, the close form (won / lost with a reason; works without JavaScript) and delete after
 * a confirmation (?confirm=delete). Read-only for an employee on a colleague's deal.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const auth = await requireUser(request, STAFF_ROLES);
  const id = params.id ?? '';
  const [td, deal] = await Promise.all([
    i18nServer.getFixedT(auth.lang, 'dashboard'),
    loadRecord(request, auth, () => auth.api.crmDeals.deal(id)),
  ]);
  const options = deal.editable ? await dealOptions(auth, deal) : { clients: [], properties: [] };
  const confirm = new URL(request.url).searchParams.get('confirm') === 'delete';
  return data(
    { title: td('meta.title', { page: deal.title }), lang: auth.lang, deal, options, confirm },
    { headers: await auth.headers({ 'Cache-Control': 'private, no-store' }) },
  );
}

/** intent: save (PATCH), close, delete. */
export async function action({ request, params }: ActionFunctionArgs) {
  const id = params.id ?? '';
  const self = pathOf(id);
  const { form, auth, intent } = await readStaffPost(request, STAFF_ROLES, self);
  const t = await i18nServer.getFixedT(auth.lang, 'crmDeals');
  if (intent === 'close') {
    form.set('id', id);
    return dealPost(request, auth, form, 'close', `${self}`);
  }
  if (intent === 'delete')
    return removeRecord(request, auth, () => auth.api.crmDeals.removeDeal(id), { to: '/dashboard/crm/deals', title: t('deleted') }, self);
  return submitStaffForm({
    request,
    auth,
    Dto: DealUpdateDto,
    input: formInput(form, DEAL_FORM_FIELDS),
    values: Object.fromEntries(Object.keys(DEAL_FORM_FIELDS).map((k) => [k, String(form.get(k) ?? '')])),
    write: (value) => auth.api.crmDeals.updateDeal(id, value),
    success: (deal) => ({ to: self, toast: { title: t('updated', { title: deal.title }) } }),
  });
}

export default function DealPage() {
  const { deal, options, confirm, lang } = useLoaderData<typeof loader>();
  const result = useActionData<StaffFormResult & Partial<DealPostAnswer>>();
  useStaffRefresh('deals');
  const { t } = useTranslation('crmDeals');
  const { t: tc } = useTranslation('crm');
  const open = deal.stage !== 'won' && deal.stage !== 'lost';
  const self = pathOf(deal.id);
  return (
    <article aria-labelledby="crm-deal-title" className="crm-deal-page">
      <p>
        <Link to="/dashboard/crm/deals">← {t('backToBoard')}</Link>
      </p>
      <h1 id="crm-deal-title">{deal.title}</h1>
      <dl className="crm-facts">
        <dt>{t('fields.stage')}</dt>
        <dd data-stage={deal.stage}>{tc(`dealStage.${deal.stage}`)}</dd>
        <dt>{t('fields.amount')}</dt>
        <dd>{formatMoney(deal.amount)}</dd>
        <dt>{t('fields.type')}</dt>
        <dd>{tc(`dealType.${deal.type}`)}</dd>
        <dt>{t('fields.probability')}</dt>
        <dd>{deal.probability}%</dd>
        <dt>{t('fields.expectedClose')}</dt>
        <dd>{deal.expectedClose ? formatDate(deal.expectedClose, lang) : '—'}</dd>
        <dt>{t('fields.client')}</dt>
        <dd>{deal.client ? <Link to={`/dashboard/crm/clients/${deal.client.id}`}>{deal.client.name}</Link> : '—'}</dd>
        <dt>{t('fields.property')}</dt>
        <dd>{deal.property ? <Link to={`/dashboard/employee/edit/${deal.property.id}`}>{deal.property.title}</Link> : '—'}</dd>
        <dt>{t('fields.owner')}</dt>
        <dd>{deal.owner?.name ?? tc('unassigned')}</dd>
        {deal.closedAt ? (
          <>
            <dt>{t('closedAt')}</dt>
            <dd>{formatDateTime(deal.closedAt, lang)}</dd>
          </>
        ) : null}
        {deal.lostReason ? (
          <>
            <dt>{t('reason')}</dt>
            <dd>{deal.lostReason}</dd>
          </>
        ) : null}
      </dl>

      {confirm && deal.editable ? (
        <ConfirmPanel
          title={t('confirmDelete')}
          text={t('confirmDeleteText', { title: deal.title })}
          confirmLabel={t('delete')}
          cancelHref={self}
          intent="delete"
        />
      ) : null}

      {deal.editable && open ? <CloseDealForm error={result?.errors?.reason} /> : null}

      {deal.editable ? (
        <section aria-labelledby="crm-deal-edit-title" className="crm-deal-edit">
          <h2 id="crm-deal-edit-title">{t('edit')}</h2>
          <StaffForm
            key={deal.updatedAt}
            errors={result?.errors}
            formError={result?.formError}
            submitLabel={t('save')}
            secondary={
              <Link to={`${self}?confirm=delete`} className="btn btn-danger">
                {t('delete')}
              </Link>
            }
          >
            <input type="hidden" name="intent" value="save" />
            <DealFields
              values={(result?.values as DealFormValues | undefined) ?? valuesOf(deal)}
              errors={result?.errors ?? {}}
              clients={options.clients}
              properties={options.properties}
              withStage={false}
            />
          </StaffForm>
        </section>
      ) : (
        <p className="form-hint">{t('readOnly')}</p>
      )}

      <section aria-labelledby="crm-deal-history-title" className="crm-stage-history">
        <h2 id="crm-deal-history-title">{t('stageHistory')}</h2>
        {deal.stageHistory.length ? (
          <ol>
            {deal.stageHistory.map((s) => (
              <li key={s.at + s.to}>
                <time dateTime={s.at}>{formatDateTime(s.at, lang)}</time>:{' '}
                {tc('changedFromTo', { from: s.from ? tc(`dealStage.${s.from}`) : '—', to: tc(`dealStage.${s.to}`) })}
                {s.actor ? ` · ${s.actor.name}` : ''}
              </li>
            ))}
          </ol>
        ) : (
          <p>{t('noHistory')}</p>
        )}
      </section>

      <Timeline activities={deal.timeline} lang={lang} />
    </article>
  );
}

export const ErrorBoundary = DashboardErrorBoundary;
