import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data } from '@remix-run/node';
import { Link, useActionData, useLoaderData } from '@remix-run/react';
import {
  MESSAGE_CHANNELS,
  MESSAGE_PLACEHOLDERS,
  MessageTemplateWriteDto,
  TEMPLATE_BOUNDS,
  type MessageTemplateDto,
} from '@realty/contracts';
import { formatDate } from '@realty/i18n/format';
import { useTranslation } from 'react-i18next';
import { DashboardErrorBoundary } from '~/components/account/Dashboard';
import { TemplatePreview } from '~/components/crm/TemplatePreview';
import { Pagination } from '~/components/Pagination';
import { DataTable, EmptyState, ErrorState } from '~/components/staff/DataTable';
import { LocalizedField, SelectField, TextField } from '~/components/staff/fields';
import { StaffForm } from '~/components/staff/StaffForm';
import { ConfirmPanel } from '~/components/staff/TableControls';
import { i18nServer } from '~/i18n.server';
import { ADMIN_ROLES, requireUser } from '~/lib/auth/auth.server';
import { pageOf, uuidOf } from '~/lib/crm/messaging.server';
import { dashboardMeta } from '~/lib/i18n/error-meta';
import { deleteAndReturn, loadList } from '~/lib/reference/reference.server';
import { formInput, readStaffPost, submitStaffForm, type StaffFormResult } from '~/lib/staff/staff-form.server';
import { useStaffRefresh } from '~/lib/staff/use-staff-refresh';
import sharedCss from '~/styles/crm/shared.css?url';
import messagingCss from '~/styles/crm/messaging.css?url';

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: sharedCss },
  { rel: 'stylesheet', href: messagingCss },
];

export const meta: MetaFunction<typeof loader> = (args) => dashboardMeta(args, args.data?.title);

const PATH = '/dashboard/admin/message-templates';

/** Back to the list's page `page` (the only state of this list). */
const listHref = (page: number) => (page > 1 ? `${PATH}?page=${page}` : PATH);
const withParam = (page: number, key: string, value: string) =>
  `${PATH}?${new URLSearchParams({ ...(page > 1 ? { page: String(page) } : {}), [key]: value })}`;
/** Only paths of this screen go back (no open redirect). */
const backOf = (raw: FormDataEntryValue | null) => (typeof raw === 'string' && (raw === PATH || raw.startsWith(`${PATH}?`)) ? raw : PATH);

/**
 * /dashboard/admin/message-templates (issue 22 "Message templates"; spec 02 §2): the e-mail and
 * Telegram templates (DataTable, paging in the URL), create (?edit=new) and edit (?edit=<id>)
 * with the shared StaffForm, MessageTemplateWriteDto and the four-language LocalizedField, a
 * live preview with sample values (TemplatePreview), delete after a confirmation step (?confirm=<id>). Without
 * JavaScript too. admin and super_admin only.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const auth = await requireUser(request, ADMIN_ROLES);
  const t = await i18nServer.getFixedT(auth.lang, 'crmMessaging');
  const dt = await i18nServer.getFixedT(auth.lang, 'dashboard');
  const params = new URL(request.url).searchParams;
  const page = pageOf(params.get('page'));
  const list = await loadList(request, auth, page, () => auth.api.crmMessaging.templates.list({ page, limit: 20 }));
  const editId = params.get('edit') === 'new' ? 'new' : uuidOf(params.get('edit'));
  let editing: MessageTemplateDto | 'new' | null = editId === 'new' ? 'new' : null;
  if (editId && editId !== 'new') {
    editing = list.items.find((r) => r.id === editId) ?? (await auth.api.crmMessaging.templates.get(editId).catch(() => null));
  }
  const confirmId = uuidOf(params.get('confirm'));
  return data(
    {
      title: dt('meta.title', { page: t('templates.title') }),
      lang: auth.lang,
      page,
      ...list,
      editing,
      confirm: confirmId ? (list.items.find((r) => r.id === confirmId) ?? null) : null,
    },
    { status: list.failed ? 503 : 200, headers: await auth.headers({ 'Cache-Control': 'private, no-store' }) },
  );
}

export async function action({ request }: ActionFunctionArgs) {
  const { form, auth, intent } = await readStaffPost(request, ADMIN_ROLES, PATH);
  const t = await i18nServer.getFixedT(auth.lang, 'crmMessaging');
  const back = backOf(form.get('back'));
  const id = uuidOf(form.get('id'));
  const templates = auth.api.crmMessaging.templates;
  if (intent === 'delete' && id) return deleteAndReturn(request, auth, back, () => templates.remove(id), t('templates.deleted'));
  const input = formInput(form, { name: 'text', channel: 'text', subject: 'localized', body: 'localized', isActive: 'boolean' });
  return submitStaffForm({
    request,
    auth,
    Dto: MessageTemplateWriteDto,
    input,
    values: input,
    write: (value) => (id ? templates.update(id, value) : templates.create(value)),
    success: () => ({ to: back, toast: { title: id ? t('templates.updated') : t('templates.created') } }),
  });
}

export default function MessageTemplatesPage() {
  const { items, meta, failed, editing, confirm, lang, page } = useLoaderData<typeof loader>();
  const result = useActionData<StaffFormResult>();
  useStaffRefresh('categories');
  const { t } = useTranslation('crmMessaging');
  const back = listHref(page);
  const row: MessageTemplateDto | null = editing && editing !== 'new' ? editing : null;
  const posted = (result?.values ?? null) as Partial<{
    name: string;
    channel: string;
    subject: Record<string, string>;
    body: Record<string, string>;
    isActive: boolean;
  }> | null;
  const channelOptions = MESSAGE_CHANNELS.map((c) => ({ value: c, label: t(`templates.channel.${c}`) }));

  return (
    <section aria-labelledby="templates-title" className="reference-screen crm-templates">
      <div className="reference-head">
        <h1 id="templates-title">{t('templates.title')}</h1>
        <Link to={withParam(page, 'edit', 'new')} className="btn btn-primary" preventScrollReset>
          {t('templates.create')}
        </Link>
      </div>
      <p className="form-hint">{t('templates.note')}</p>

      {editing ? (
        <section className="reference-form" aria-labelledby="template-form-title">
          <h2 id="template-form-title">{row ? t('templates.edit', { name: row.name }) : t('templates.create')}</h2>
          <StaffForm
            key={row?.id ?? 'new'}
            errors={result?.errors}
            formError={result?.formError}
            submitLabel={t('templates.save')}
            secondary={
              <Link to={back} className="btn btn-secondary">
                {t('templates.cancel')}
              </Link>
            }
          >
            <input type="hidden" name="intent" value="save" />
            <input type="hidden" name="back" value={back} />
            {row ? <input type="hidden" name="id" value={row.id} /> : null}
            <TextField
              name="name"
              label={t('templates.fields.name')}
              defaultValue={posted?.name ?? row?.name ?? ''}
              maxLength={TEMPLATE_BOUNDS.name[1]}
              required
              error={result?.errors.name}
            />
            <SelectField
              name="channel"
              label={t('templates.fields.channel')}
              options={channelOptions}
              defaultValue={posted?.channel ?? row?.channel ?? 'email'}
              error={result?.errors.channel}
            />
            <LocalizedField
              name="subject"
              label={t('templates.fields.subject')}
              values={posted?.subject ?? row?.subject ?? {}}
              error={result?.errors.subject}
              maxLength={TEMPLATE_BOUNDS.subject}
            />
            <p className="form-hint">{t('templates.fields.subjectHint')}</p>
            <LocalizedField
              name="body"
              label={t('templates.fields.body')}
              values={posted?.body ?? row?.body ?? {}}
              error={result?.errors.body}
              multiline
              rows={8}
              maxLength={TEMPLATE_BOUNDS.body}
            />
            <div className="form-field form-field--checkbox">
              <label>
                <input type="checkbox" name="isActive" value="true" defaultChecked={posted?.isActive ?? row?.isActive ?? true} />{' '}
                {t('templates.fields.isActive')}
              </label>
            </div>
            <section className="crm-templates__placeholders" aria-labelledby="placeholders-title">
              <h3 id="placeholders-title">{t('templates.placeholders')}</h3>
              <p className="form-hint">{t('templates.placeholdersHint')}</p>
              <ul>
                {MESSAGE_PLACEHOLDERS.map((p) => (
                  <li key={p}>
                    <code>{`{{${p}}}`}</code>
                  </li>
                ))}
              </ul>
            </section>
            <TemplatePreview
              initial={{
                channel: posted?.channel ?? row?.channel ?? 'email',
                subject: posted?.subject?.ru ?? row?.subject.ru ?? '',
                body: posted?.body?.ru ?? row?.body.ru ?? '',
              }}
            />
          </StaffForm>
        </section>
      ) : null}

      {confirm ? (
        <ConfirmPanel
          title={t('templates.confirmTitle')}
          text={t('templates.confirmText', { name: confirm.name })}
          confirmLabel={t('templates.confirmDelete')}
          cancelHref={back}
          intent="delete"
          hidden={{ id: confirm.id }}
        />
      ) : null}

      {failed ? (
        <ErrorState retryHref={back} />
      ) : (
        <DataTable
          label={t('templates.title')}
          rows={items}
          rowKey={(r) => r.id}
          columns={[
            { id: 'name', header: t('templates.fields.name'), cell: (r) => r.name },
            { id: 'channel', header: t('templates.fields.channel'), cell: (r) => t(`templates.channel.${r.channel}`) },
            {
              id: 'languages',
              header: t('templates.fields.languages'),
              cell: (r) => Object.keys(r.body).join(', '),
            },
            {
              id: 'active',
              header: t('templates.fields.isActive'),
              cell: (r) => (r.isActive ? t('templates.active') : t('templates.inactive')),
            },
            { id: 'updated', header: t('templates.fields.updated'), cell: (r) => formatDate(r.updatedAt, lang) },
            {
              id: 'actions',
              header: t('templates.fields.actions'),
              headerHidden: true,
              cell: (r) => (
                <div className="row-actions">
                  <Link
                    to={withParam(page, 'edit', r.id)}
                    className="btn btn-secondary btn-small"
                    aria-label={`${t('templates.editAction')}: ${r.name}`}
                    preventScrollReset
                  >
                    {t('templates.editAction')}
                  </Link>
                  <Link
                    to={withParam(page, 'confirm', r.id)}
                    className="btn btn-danger-outline btn-small"
                    aria-label={`${t('templates.deleteAction')}: ${r.name}`}
                    preventScrollReset
                  >
                    {t('templates.deleteAction')}
                  </Link>
                </div>
              ),
            },
          ]}
          empty={<EmptyState title={t('templates.empty')} />}
          paging={<Pagination page={meta.page} totalPages={meta.totalPages} hrefFor={listHref} />}
        />
      )}
    </section>
  );
}

export const ErrorBoundary = DashboardErrorBoundary;
