import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data } from '@remix-run/node';
import { Link, useActionData, useLoaderData } from '@remix-run/react';
import { PropertyTypeWriteDto, REFERENCE_BOUNDS, type AdminPropertyTypeDto } from '@realty/contracts';
import { useTranslation } from 'react-i18next';
import { DashboardErrorBoundary } from '~/components/account/Dashboard';
import { Pagination } from '~/components/Pagination';
import { hrefWith, listHref, nameIn, ReferenceHeader, RowActions, sortOf } from '~/components/reference/ReferenceUi';
import { DataTable, EmptyState, ErrorState } from '~/components/staff/DataTable';
import { LocalizedField, TextField } from '~/components/staff/fields';
import { StaffForm } from '~/components/staff/StaffForm';
import { ConfirmPanel } from '~/components/staff/TableControls';
import { i18nServer } from '~/i18n.server';
import { ADMIN_ROLES, requireUser } from '~/lib/auth/auth.server';
import { dashboardMeta } from '~/lib/i18n/error-meta';
import { apiListParams, referenceTable } from '~/lib/reference/reference-table';
import { deleteAndReturn, loadList, refId } from '~/lib/reference/reference.server';
import { formInput, readStaffPost, submitStaffForm, type StaffFormResult } from '~/lib/staff/staff-form.server';
import { backToTable, readTableQuery, tableHref } from '~/lib/staff/table-query';
import { useStaffRefresh } from '~/lib/staff/use-staff-refresh';

export const meta: MetaFunction<typeof loader> = (args) => dashboardMeta(args, args.data?.title);

const PATH = '/dashboard/admin/property-types';
const TABLE = referenceTable(PATH);

/**
 * /dashboard/admin/property-types (issue 21; spec 02 §2): the property types with how many
 * listings use each; search, sort and paging in the URL (DataTable); create (?edit=new) and edit
 * (?edit=<id>) with the shared StaffForm and PropertyTypeWriteDto; delete after a confirmation
 * step (?confirm=<id>), refused while listings use the type (the API's 409 message as an error
 * toast). All without JavaScript. admin and super_admin only.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const auth = await requireUser(request, ADMIN_ROLES);
  const t = await i18nServer.getFixedT(auth.lang, 'dashboard');
  const params = new URL(request.url).searchParams;
  const query = readTableQuery(TABLE, params);
  const list = await loadList(request, auth, query.page, () => auth.api.referenceData.types.list(apiListParams(query)));
  const edit = params.get('edit') === 'new' ? 'new' : refId(params.get('edit'));
  const confirmId = refId(params.get('confirm'));
  return data(
    {
      title: t('meta.title', { page: t('reference.types.title') }),
      lang: auth.lang,
      query,
      ...list,
      editing: edit === 'new' ? ('new' as const) : (list.items.find((r) => String(r.id) === edit) ?? null),
      confirm: confirmId ? (list.items.find((r) => String(r.id) === confirmId) ?? null) : null,
    },
    { status: list.failed ? 503 : 200, headers: await auth.headers({ 'Cache-Control': 'private, no-store' }) },
  );
}

export async function action({ request }: ActionFunctionArgs) {
  const { form, auth, intent } = await readStaffPost(request, ADMIN_ROLES, PATH);
  const t = await i18nServer.getFixedT(auth.lang, 'dashboard');
  const back = backToTable(PATH, form.get('back'));
  const id = refId(form.get('id'));
  const types = auth.api.referenceData.types;
  if (intent === 'delete' && id) return deleteAndReturn(request, auth, back, () => types.remove(id), t('reference.types.deleted'));
  return submitStaffForm({
    request,
    auth,
    Dto: PropertyTypeWriteDto,
    input: formInput(form, { name: 'localized', slug: 'optionalText' }),
    write: (value) => (id ? types.update(id, value) : types.create(value)),
    success: () => ({ to: back, toast: { title: id ? t('reference.types.updated') : t('reference.types.created') } }),
  });
}

export default function PropertyTypesPage() {
  const { query, items, meta, failed, editing, confirm, lang } = useLoaderData<typeof loader>();
  const result = useActionData<StaffFormResult>();
  // spec 02 §9 'categories, positions: 30 min' (reference data)
  useStaffRefresh('categories');
  const { t } = useTranslation('dashboard');
  const back = listHref(TABLE, query);
  const editingRow: AdminPropertyTypeDto | null = editing && editing !== 'new' ? editing : null;

  return (
    <section aria-labelledby="types-title" className="reference-screen">
      <ReferenceHeader
        id="types-title"
        title={t('reference.types.title')}
        createLabel={t('reference.types.create')}
        createHref={hrefWith(TABLE, query, { edit: 'new' })}
        spec={TABLE}
        query={query}
      >
        <p className="form-hint">{t('reference.types.note')}</p>
      </ReferenceHeader>

      {editing ? (
        <section className="reference-form" aria-labelledby="type-form-title">
          <h2 id="type-form-title">
            {editingRow ? t('reference.types.edit', { name: nameIn(editingRow.name, lang) }) : t('reference.types.create')}
          </h2>
          <StaffForm
            key={editingRow?.id ?? 'new'}
            errors={result?.errors}
            formError={result?.formError}
            submitLabel={t('reference.save')}
            secondary={
              <Link to={back} className="btn btn-secondary">
                {t('reference.cancel')}
              </Link>
            }
          >
            <input type="hidden" name="intent" value="save" />
            <input type="hidden" name="back" value={back} />
            {editingRow ? <input type="hidden" name="id" value={editingRow.id} /> : null}
            <LocalizedField
              name="name"
              label={t('reference.fields.name')}
              values={editingRow?.name ?? {}}
              error={result?.errors.name}
              maxLength={REFERENCE_BOUNDS.name[1]}
            />
            <TextField
              name="slug"
              label={t('reference.fields.slug')}
              hint={t('reference.fields.slugHint')}
              defaultValue={editingRow?.slug ?? ''}
              maxLength={REFERENCE_BOUNDS.slug.type}
              error={result?.errors.slug}
            />
          </StaffForm>
        </section>
      ) : null}

      {confirm ? (
        <ConfirmPanel
          title={t('reference.confirmTitle')}
          text={t('reference.confirmText', { name: nameIn(confirm.name, lang) })}
          confirmLabel={t('reference.confirmDelete')}
          cancelHref={back}
          intent="delete"
          hidden={{ id: String(confirm.id) }}
        />
      ) : null}

      {failed ? (
        <ErrorState retryHref={back} />
      ) : (
        <DataTable
          label={t('reference.types.title')}
          rows={items}
          rowKey={(r) => String(r.id)}
          rowProps={(r) => ({ 'data-slug': r.slug })}
          columns={[
            { id: 'name', header: t('reference.fields.name'), cell: (r) => nameIn(r.name, lang), sort: sortOf(TABLE, query, 'name') },
            { id: 'slug', header: t('reference.fields.slug'), cell: (r) => <code>{r.slug}</code>, sort: sortOf(TABLE, query, 'slug') },
            {
              id: 'listings',
              header: t('reference.fields.listings'),
              cell: (r) => r.listings,
              numeric: true,
              sort: sortOf(TABLE, query, 'listings'),
            },
            {
              id: 'actions',
              header: t('reference.fields.actions'),
              headerHidden: true,
              cell: (r) => (
                <RowActions
                  name={nameIn(r.name, lang)}
                  editHref={hrefWith(TABLE, query, { edit: String(r.id) })}
                  deleteHref={hrefWith(TABLE, query, { confirm: String(r.id) })}
                />
              ),
            },
          ]}
          empty={<EmptyState title={t('reference.types.empty')} />}
          paging={<Pagination page={meta.page} totalPages={meta.totalPages} hrefFor={(p) => tableHref(TABLE, query, { page: p })} />}
        />
      )}
    </section>
  );
}

export const ErrorBoundary = DashboardErrorBoundary;
