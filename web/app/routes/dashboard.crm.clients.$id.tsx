import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data } from '@remix-run/node';
import { Link, useActionData, useLoaderData } from '@remix-run/react';
import { ClientWriteDto, STAFF_ROLES, type ClientDetailDto } from '@realty/contracts';
import { formatDate, formatDateTime, formatMoney } from '@realty/i18n/format';
import { useTranslation } from 'react-i18next';
import { DashboardErrorBoundary } from '~/components/account/Dashboard';
import { Timeline } from '~/components/crm/Timeline';
import { ClientFields, clientInput, clientValues, type ClientFormValues } from '~/components/crm-deals/ClientFields';
import { StaffForm } from '~/components/staff/StaffForm';
import { ConfirmPanel } from '~/components/staff/TableControls';
import { i18nServer } from '~/i18n.server';
import { requireUser } from '~/lib/auth/auth.server';
import { loadRecord, removeRecord } from '~/lib/crm-deals/crm-deals.server';
import { dashboardMeta } from '~/lib/i18n/error-meta';
import { readStaffPost, submitStaffForm, type StaffFormResult } from '~/lib/staff/staff-form.server';
import { useStaffRefresh } from '~/lib/staff/use-staff-refresh';
import crmDealsCss from '~/styles/crm/deals.css?url';
import crmSharedCss from '~/styles/crm/shared.css?url';

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: crmSharedCss },
  { rel: 'stylesheet', href: crmDealsCss },
];

export const meta: MetaFunction<typeof loader> = (args) => dashboardMeta(args, args.data?.title);

const pathOf = (id: string) => `/dashboard/crm/clients/${id}`;

function valuesOf(c: ClientDetailDto): ClientFormValues {
  return {
    type: c.type,
    firstName: c.firstName,
    lastName: c.lastName,
    companyName: c.companyName,
    bin: c.bin ?? '',
    phone: c.phone,
    email: c.email,
    telegram: c.telegram,
    isVip: c.isVip,
    notes: c.notes ?? '',
    contacts: c.contacts.map(({ name, position, phone, email }) => ({ name, position, phone, email })),
  };
}

/**
 * /dashboard/crm/clients/{id} (issue 22 "Clients"; spec 02 §3 Client): details, the edit form
 * with contact persons (PUT /api/crm/clients/{id}), the client's leads, deals and viewings, the
 * timeline, and delete after a confirmation (?confirm=delete; refused while deals are open).
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const auth = await requireUser(request, STAFF_ROLES);
  const id = params.id ?? '';
  const [td, client] = await Promise.all([
    i18nServer.getFixedT(auth.lang, 'dashboard'),
    loadRecord(request, auth, () => auth.api.crmDeals.client(id)),
  ]);
  const confirm = new URL(request.url).searchParams.get('confirm') === 'delete';
  return data(
    { title: td('meta.title', { page: client.name }), lang: auth.lang, client, confirm },
    { headers: await auth.headers({ 'Cache-Control': 'private, no-store' }) },
  );
}

/** intent: save (PUT) or delete. */
export async function action({ request, params }: ActionFunctionArgs) {
  const id = params.id ?? '';
  const self = pathOf(id);
  const { form, auth, intent } = await readStaffPost(request, STAFF_ROLES, self);
  const t = await i18nServer.getFixedT(auth.lang, 'crmDeals');
  if (intent === 'delete')
    return removeRecord(
      request,
      auth,
      () => auth.api.crmDeals.removeClient(id),
      { to: '/dashboard/crm/clients', title: t('clients.deleted') },
      self,
    );
  const input = clientInput(form);
  return submitStaffForm({
    request,
    auth,
    Dto: ClientWriteDto,
    input,
    values: clientValues(input),
    write: (value) => auth.api.crmDeals.updateClient(id, value),
    success: (client) => ({ to: self, toast: { title: t('clients.updatedToast', { name: client.name }) } }),
  });
}

export default function ClientPage() {
  const { client, confirm, lang } = useLoaderData<typeof loader>();
  const result = useActionData<StaffFormResult>();
  useStaffRefresh('clients');
  const { t } = useTranslation('crmDeals');
  const { t: tc } = useTranslation('crm');
  const self = pathOf(client.id);
  return (
    <article aria-labelledby="crm-client-title" className="crm-client-page">
      <p>
        <Link to="/dashboard/crm/clients">← {t('clients.back')}</Link>
      </p>
      <h1 id="crm-client-title">
        {client.name} {client.isVip ? <strong className="crm-vip">{t('client.vipBadge')}</strong> : null}
      </h1>
      <dl className="crm-facts">
        <dt>{t('client.type')}</dt>
        <dd>{tc(`clientType.${client.type}`)}</dd>
        {client.bin ? (
          <>
            <dt>{t('client.bin')}</dt>
            <dd>{client.bin}</dd>
          </>
        ) : null}
        <dt>{t('client.phone')}</dt>
        <dd>{client.phone || '—'}</dd>
        <dt>{t('client.email')}</dt>
        <dd>{client.email || '—'}</dd>
        <dt>{t('client.telegram')}</dt>
        <dd>{client.telegram || '—'}</dd>
        <dt>{t('fields.owner')}</dt>
        <dd>{client.owner?.name ?? tc('unassigned')}</dd>
      </dl>
      {client.contacts.length ? (
        <section aria-labelledby="crm-client-contacts-title">
          <h2 id="crm-client-contacts-title">{t('client.contacts')}</h2>
          <ul>
            {client.contacts.map((c) => (
              <li key={c.id}>
                {c.name}
                {c.position ? `, ${c.position}` : ''}
                {c.phone ? ` · ${c.phone}` : ''}
                {c.email ? ` · ${c.email}` : ''}
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section aria-labelledby="crm-client-deals-title">
        <h2 id="crm-client-deals-title">{t('clients.deals')}</h2>
        {client.deals.length ? (
          <ul>
            {client.deals.map((d) => (
              <li key={d.id}>
                <Link to={`/dashboard/crm/deals/${d.id}`}>{d.title}</Link> · {tc(`dealStage.${d.stage}`)} · {formatMoney(d.amount)}
              </li>
            ))}
          </ul>
        ) : (
          <p>{t('clients.noDeals')}</p>
        )}
        <p>
          <Link to={`/dashboard/crm/deals/new?clientId=${client.id}`}>{t('create')}</Link>
        </p>
      </section>
      <section aria-labelledby="crm-client-leads-title">
        <h2 id="crm-client-leads-title">{t('clients.leads')}</h2>
        {client.leads.length ? (
          <ul>
            {client.leads.map((l) => (
              <li key={l.id}>
                <Link to={`/dashboard/crm/leads/${l.id}`}>{l.name || '—'}</Link> ·{' '}
                {tc(`leadStatus.${l.status}`, { defaultValue: l.status })} · {formatDate(l.createdAt, lang)}
              </li>
            ))}
          </ul>
        ) : (
          <p>{t('clients.noLeads')}</p>
        )}
      </section>
      <section aria-labelledby="crm-client-viewings-title">
        <h2 id="crm-client-viewings-title">{t('clients.viewings')}</h2>
        {client.viewings.length ? (
          <ul>
            {client.viewings.map((v) => (
              <li key={v.id}>
                <time dateTime={v.startsAt}>{formatDateTime(v.startsAt, lang)}</time> · {v.property.name} ·{' '}
                {tc(`viewingStatus.${v.status}`, { defaultValue: v.status })}
                {v.agent ? ` · ${v.agent.name}` : ''}
              </li>
            ))}
          </ul>
        ) : (
          <p>{t('clients.noViewings')}</p>
        )}
      </section>

      {confirm && client.editable ? (
        <ConfirmPanel
          title={t('clients.confirmDelete')}
          text={t('clients.confirmDeleteText', { name: client.name })}
          confirmLabel={t('delete')}
          cancelHref={self}
          intent="delete"
        />
      ) : null}

      {client.editable ? (
        <section aria-labelledby="crm-client-edit-title">
          <h2 id="crm-client-edit-title">{t('edit')}</h2>
          <StaffForm
            key={client.updatedAt}
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
            <ClientFields values={(result?.values as ClientFormValues | undefined) ?? valuesOf(client)} errors={result?.errors ?? {}} />
          </StaffForm>
        </section>
      ) : (
        <p className="form-hint">{t('readOnly')}</p>
      )}

      <Timeline activities={client.timeline} lang={lang} />
    </article>
  );
}

export const ErrorBoundary = DashboardErrorBoundary;
