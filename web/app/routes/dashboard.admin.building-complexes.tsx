import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data } from '@remix-run/node';
import { Link, useActionData, useLoaderData } from '@remix-run/react';
import {
  BUILDING_CLASSES,
  BuildingComplexWriteDto,
  REFERENCE_BOUNDS,
  type AdminBuildingComplexDto,
  type NamedRefDto,
} from '@realty/contracts';
import { useTranslation } from 'react-i18next';
import { DashboardErrorBoundary } from '~/components/account/Dashboard';
import { Pagination } from '~/components/Pagination';
import { hrefWith, listHref, nameIn, ReferenceHeader, RowActions, sortOf } from '~/components/reference/ReferenceUi';
import { DataTable, EmptyState, ErrorState } from '~/components/staff/DataTable';
import { LocalizedField, SelectField, TextField } from '~/components/staff/fields';
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

const PATH = '/dashboard/admin/building-complexes';
const TABLE = referenceTable(PATH);

/**
 * /dashboard/admin/building-complexes (issue 21; spec 02 §2): business centres and complexes
 * with address, district, class and how many listings use each; search (name, slug, address),
 * sort and paging in the URL; create / edit with the shared StaffForm and
 * BuildingComplexWriteDto; delete after a confirmation step, refused while listings use it (the
 * API's 409 message as an error toast). Works without JavaScript. admin and super_admin only.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const auth = await requireUser(request, ADMIN_ROLES);
  const t = await i18nServer.getFixedT(auth.lang, 'dashboard');
  const params = new URL(request.url).searchParams;
  const query = readTableQuery(TABLE, params);
  const list = await loadList(request, auth, query.page, () => auth.api.referenceData.buildingComplexes.list(apiListParams(query)));
  const edit = params.get('edit') === 'new' ? 'new' : refId(params.get('edit'));
  const confirmId = refId(params.get('confirm'));
  let districts: NamedRefDto[] = [];
  if (edit) districts = await auth.api.referenceData.districts().catch(() => []);
  return data(
    {
      title: t('meta.title', { page: t('reference.complexes.title') }),
      lang: auth.lang,
      query,
      ...list,
      districts,
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
  const complexes = auth.api.referenceData.buildingComplexes;
  if (intent === 'delete' && id) return deleteAndReturn(request, auth, back, () => complexes.remove(id), t('reference.complexes.deleted'));
  return submitStaffForm({
    request,
    auth,
    Dto: BuildingComplexWriteDto,
    input: formInput(form, {
      name: 'localized',
      slug: 'optionalText',
      address: 'text',
      districtId: 'number',
      buildingClass: 'optionalText',
      totalFloors: 'number',
      yearBuilt: 'number',
      latitude: 'number',
      longitude: 'number',
    }),
    write: (value) => (id ? complexes.update(id, value) : complexes.create(value)),
    success: () => ({ to: back, toast: { title: id ? t('reference.complexes.updated') : t('reference.complexes.created') } }),
  });
}

export default function BuildingComplexesPage() {
  const { query, items, meta, failed, editing, confirm, districts, lang } = useLoaderData<typeof loader>();
  const result = useActionData<StaffFormResult>();
  // spec 02 §9 'categories, positions: 30 min' (reference data)
  useStaffRefresh('categories');
  const { t } = useTranslation('dashboard');
  const back = listHref(TABLE, query);
  const row: AdminBuildingComplexDto | null = editing && editing !== 'new' ? editing : null;
  const errors = result?.errors ?? {};
  const num = (v: number | null | undefined) => (v === null || v === undefined ? '' : String(v));

  return (
    <section aria-labelledby="complexes-title" className="reference-screen">
      <ReferenceHeader
        id="complexes-title"
        title={t('reference.complexes.title')}
        createLabel={t('reference.complexes.create')}
        createHref={hrefWith(TABLE, query, { edit: 'new' })}
        spec={TABLE}
        query={query}
      />

      {editing ? (
        <section className="reference-form" aria-labelledby="complex-form-title">
          <h2 id="complex-form-title">
            {row ? t('reference.complexes.edit', { name: nameIn(row.name, lang) }) : t('reference.complexes.create')}
          </h2>
          <StaffForm
            key={row?.id ?? 'new'}
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
            {row ? <input type="hidden" name="id" value={row.id} /> : null}
            <LocalizedField
              name="name"
              label={t('reference.fields.name')}
              values={row?.name ?? {}}
              error={errors.name}
              maxLength={REFERENCE_BOUNDS.name[1]}
            />
            <TextField
              name="slug"
              label={t('reference.fields.slug')}
              hint={t('reference.fields.slugHint')}
              defaultValue={row?.slug ?? ''}
              maxLength={REFERENCE_BOUNDS.slug.complex}
              error={errors.slug}
            />
            <TextField
              name="address"
              label={t('reference.complexes.address')}
              defaultValue={row?.address ?? ''}
              maxLength={REFERENCE_BOUNDS.address[1]}
              required
              error={errors.address}
            />
            <SelectField
              name="districtId"
              label={t('reference.complexes.district')}
              emptyLabel={t('reference.complexes.noDistrict')}
              options={districts.map((d) => ({ value: String(d.id), label: nameIn(d.name, lang) }))}
              defaultValue={num(row?.districtId)}
              error={errors.districtId}
            />
            <SelectField
              name="buildingClass"
              label={t('reference.complexes.buildingClass')}
              emptyLabel={t('reference.complexes.noClass')}
              options={BUILDING_CLASSES.map((c) => ({ value: c, label: c }))}
              defaultValue={row?.buildingClass ?? ''}
              error={errors.buildingClass}
            />
            <TextField
              name="totalFloors"
              label={t('reference.complexes.totalFloors')}
              inputMode="numeric"
              defaultValue={num(row?.totalFloors)}
              error={errors.totalFloors}
            />
            <TextField
              name="yearBuilt"
              label={t('reference.complexes.yearBuilt')}
              inputMode="numeric"
              defaultValue={num(row?.yearBuilt)}
              error={errors.yearBuilt}
            />
            <TextField
              name="latitude"
              label={t('reference.complexes.latitude')}
              inputMode="decimal"
              defaultValue={num(row?.latitude)}
              error={errors.latitude}
            />
            <TextField
              name="longitude"
              label={t('reference.complexes.longitude')}
              inputMode="decimal"
              defaultValue={num(row?.longitude)}
              error={errors.longitude}
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
          label={t('reference.complexes.title')}
          rows={items}
          rowKey={(r) => String(r.id)}
          rowProps={(r) => ({ 'data-slug': r.slug })}
          columns={[
            { id: 'name', header: t('reference.fields.name'), cell: (r) => nameIn(r.name, lang), sort: sortOf(TABLE, query, 'name') },
            { id: 'address', header: t('reference.complexes.address'), cell: (r) => r.address },
            { id: 'district', header: t('reference.complexes.district'), cell: (r) => (r.district ? nameIn(r.district.name, lang) : '—') },
            { id: 'class', header: t('reference.complexes.buildingClass'), cell: (r) => r.buildingClass ?? '—' },
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
          empty={<EmptyState title={t('reference.complexes.empty')} />}
          paging={<Pagination page={meta.page} totalPages={meta.totalPages} hrefFor={(p) => tableHref(TABLE, query, { page: p })} />}
        />
      )}
    </section>
  );
}

export const ErrorBoundary = DashboardErrorBoundary;
