import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data } from '@remix-run/node';
import { Link, useActionData, useLoaderData } from '@remix-run/react';
import {
  CATEGORY_ICONS,
  PropertyCategoryWriteDto,
  PropertySubcategoryWriteDto,
  REFERENCE_BOUNDS,
  type AdminCategoryDto,
  type AdminSubcategoryDto,
} from '@realty/contracts';
import { useTranslation } from 'react-i18next';
import { DashboardErrorBoundary } from '~/components/account/Dashboard';
import { Pagination } from '~/components/Pagination';
import { hrefWith, listHref, nameIn, ReferenceHeader, RowActions, sortOf, SubcategoryList } from '~/components/reference/ReferenceUi';
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

const PATH = '/dashboard/admin/property-categories';
const TABLE = referenceTable(PATH);

/**
 * /dashboard/admin/property-categories (issue 21; spec 02 §2 "with subcategories"): the
 * categories with their subcategories (an expandable list per row, <details>, so it opens without
 * JavaScript) and how many listings use each; search (a subcategory's name finds its category),
 * sort and paging in the URL. Create / edit a category (?edit=new|<id>) or a subcategory
 * (?sub=new&category=<id> | ?sub=<id>) with the shared StaffForm and DTOs; delete either after a
 * confirmation step (?confirm=<id>, ?confirmSub=<id>), refused while listings (or, for a
 * category, subcategories) use it: the API's 409 message as an error toast. admin, super_admin.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const auth = await requireUser(request, ADMIN_ROLES);
  const t = await i18nServer.getFixedT(auth.lang, 'dashboard');
  const params = new URL(request.url).searchParams;
  const query = readTableQuery(TABLE, params);
  const list = await loadList(request, auth, query.page, () => auth.api.referenceData.categories.list(apiListParams(query)));
  const categoryOf = (id: string) => list.items.find((c) => String(c.id) === id) ?? null;
  const subOf = (id: string) => list.items.flatMap((c) => c.subcategories).find((s) => String(s.id) === id) ?? null;
  const edit = params.get('edit') === 'new' ? 'new' : refId(params.get('edit'));
  const sub = params.get('sub') === 'new' ? 'new' : refId(params.get('sub'));
  const subParent = sub === 'new' ? categoryOf(refId(params.get('category'))) : null;
  return data(
    {
      title: t('meta.title', { page: t('reference.categories.title') }),
      lang: auth.lang,
      query,
      ...list,
      editing: edit === 'new' ? ('new' as const) : edit ? categoryOf(edit) : null,
      // a new subcategory needs its category on this page; an edited one is found in its category
      editingSub: sub === 'new' ? (subParent ? { parent: subParent, row: null } : null) : sub ? withParent(list.items, subOf(sub)) : null,
      confirm: categoryOf(refId(params.get('confirm'))),
      confirmSub: subOf(refId(params.get('confirmSub'))),
    },
    { status: list.failed ? 503 : 200, headers: await auth.headers({ 'Cache-Control': 'private, no-store' }) },
  );
}

function withParent(categories: AdminCategoryDto[], sub: AdminSubcategoryDto | null) {
  const parent = sub ? categories.find((c) => c.id === sub.categoryId) : undefined;
  return sub && parent ? { parent, row: sub } : null;
}

export async function action({ request }: ActionFunctionArgs) {
  const { form, auth, intent } = await readStaffPost(request, ADMIN_ROLES, PATH);
  const t = await i18nServer.getFixedT(auth.lang, 'dashboard');
  const back = backToTable(PATH, form.get('back'));
  const id = refId(form.get('id'));
  const api = auth.api.referenceData;
  if (intent === 'delete' && id)
    return deleteAndReturn(request, auth, back, () => api.categories.remove(id), t('reference.categories.deleted'));
  if (intent === 'deleteSub' && id)
    return deleteAndReturn(request, auth, back, () => api.subcategories.remove(id), t('reference.categories.subDeleted'));
  const common = { name: 'localized', slug: 'optionalText', description: 'localized', sortOrder: 'number' } as const;
  if (intent === 'saveSub') {
    const categoryId = refId(form.get('categoryId'));
    return submitStaffForm({
      request,
      auth,
      Dto: PropertySubcategoryWriteDto,
      input: formInput(form, common),
      write: (value) => (id ? api.subcategories.update(id, value) : api.subcategories.create(categoryId || '0', value)),
      success: () => ({ to: back, toast: { title: id ? t('reference.categories.subUpdated') : t('reference.categories.subCreated') } }),
    });
  }
  return submitStaffForm({
    request,
    auth,
    Dto: PropertyCategoryWriteDto,
    input: formInput(form, { ...common, icon: 'text' }),
    write: (value) => (id ? api.categories.update(id, value) : api.categories.create(value)),
    success: () => ({ to: back, toast: { title: id ? t('reference.categories.updated') : t('reference.categories.created') } }),
  });
}

export default function PropertyCategoriesPage() {
  const { query, items, meta, failed, editing, editingSub, confirm, confirmSub, lang } = useLoaderData<typeof loader>();
  const result = useActionData<StaffFormResult>();
  // spec 02 §9 'categories, positions: 30 min' (reference data)
  useStaffRefresh('categories');
  const { t } = useTranslation('dashboard');
  const back = listHref(TABLE, query);
  const errors = result?.errors ?? {};
  const category: AdminCategoryDto | null = editing && editing !== 'new' ? editing : null;
  const sub = editingSub?.row ?? null;
  const cancel = (
    <Link to={back} className="btn btn-secondary">
      {t('reference.cancel')}
    </Link>
  );
  /** Name, slug, description and order: the fields a category and a subcategory share. */
  const commonFields = (row: AdminCategoryDto | AdminSubcategoryDto | null) => (
    <>
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
        maxLength={REFERENCE_BOUNDS.slug.category}
        error={errors.slug}
      />
      <LocalizedField
        name="description"
        label={t('reference.fields.description')}
        values={row?.description ?? {}}
        error={errors.description}
        multiline
        rows={3}
        maxLength={REFERENCE_BOUNDS.descriptionMax}
      />
      <TextField
        name="sortOrder"
        label={t('reference.fields.sortOrder')}
        inputMode="numeric"
        defaultValue={String(row?.sortOrder ?? 0)}
        error={errors.sortOrder}
      />
    </>
  );

  return (
    <section aria-labelledby="categories-title" className="reference-screen">
      <ReferenceHeader
        id="categories-title"
        title={t('reference.categories.title')}
        createLabel={t('reference.categories.create')}
        createHref={hrefWith(TABLE, query, { edit: 'new' })}
        spec={TABLE}
        query={query}
      />

      {editing ? (
        <section className="reference-form" aria-labelledby="category-form-title">
          <h2 id="category-form-title">
            {category ? t('reference.categories.edit', { name: nameIn(category.name, lang) }) : t('reference.categories.create')}
          </h2>
          <StaffForm
            key={category?.id ?? 'new'}
            errors={result?.errors}
            formError={result?.formError}
            submitLabel={t('reference.save')}
            secondary={cancel}
          >
            <input type="hidden" name="intent" value="save" />
            <input type="hidden" name="back" value={back} />
            {category ? <input type="hidden" name="id" value={category.id} /> : null}
            {commonFields(category)}
            <SelectField
              name="icon"
              label={t('reference.fields.icon')}
              options={CATEGORY_ICONS.map((i) => ({ value: i, label: t(`reference.icons.${i}`) }))}
              defaultValue={category?.icon ?? 'building'}
              error={errors.icon}
            />
          </StaffForm>
        </section>
      ) : null}

      {editingSub ? (
        <section className="reference-form" aria-labelledby="sub-form-title">
          <h2 id="sub-form-title">
            {sub
              ? t('reference.categories.editSubcategory', { name: nameIn(sub.name, lang) })
              : t('reference.categories.newSubcategory', { name: nameIn(editingSub.parent.name, lang) })}
          </h2>
          <StaffForm
            key={sub?.id ?? `new-${editingSub.parent.id}`}
            errors={result?.errors}
            formError={result?.formError}
            submitLabel={t('reference.save')}
            secondary={cancel}
          >
            <input type="hidden" name="intent" value="saveSub" />
            <input type="hidden" name="back" value={back} />
            <input type="hidden" name="categoryId" value={editingSub.parent.id} />
            {sub ? <input type="hidden" name="id" value={sub.id} /> : null}
            {commonFields(sub)}
          </StaffForm>
        </section>
      ) : null}

      {confirm || confirmSub ? (
        <ConfirmPanel
          title={t('reference.confirmTitle')}
          text={t('reference.confirmText', { name: nameIn((confirm ?? confirmSub)!.name, lang) })}
          confirmLabel={t('reference.confirmDelete')}
          cancelHref={back}
          intent={confirm ? 'delete' : 'deleteSub'}
          hidden={{ id: String((confirm ?? confirmSub)!.id) }}
        />
      ) : null}

      {failed ? (
        <ErrorState retryHref={back} />
      ) : (
        <DataTable
          label={t('reference.categories.title')}
          rows={items}
          rowKey={(r) => String(r.id)}
          rowProps={(r) => ({ 'data-slug': r.slug })}
          columns={[
            { id: 'name', header: t('reference.fields.name'), cell: (r) => nameIn(r.name, lang), sort: sortOf(TABLE, query, 'name') },
            { id: 'slug', header: t('reference.fields.slug'), cell: (r) => <code>{r.slug}</code>, sort: sortOf(TABLE, query, 'slug') },
            {
              id: 'order',
              header: t('reference.fields.sortOrder'),
              cell: (r) => r.sortOrder,
              numeric: true,
              sort: sortOf(TABLE, query, 'order'),
            },
            {
              id: 'listings',
              header: t('reference.fields.listings'),
              cell: (r) => r.listings,
              numeric: true,
              sort: sortOf(TABLE, query, 'listings'),
            },
            {
              id: 'subcategories',
              header: t('reference.categories.subcategories'),
              cell: (r) => (
                <SubcategoryList
                  category={r}
                  lang={lang}
                  open={editingSub?.parent.id === r.id || confirmSub?.categoryId === r.id}
                  editHref={(id) => hrefWith(TABLE, query, { sub: String(id) })}
                  deleteHref={(id) => hrefWith(TABLE, query, { confirmSub: String(id) })}
                  addHref={hrefWith(TABLE, query, { sub: 'new', category: String(r.id) })}
                />
              ),
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
          empty={<EmptyState title={t('reference.categories.empty')} />}
          paging={<Pagination page={meta.page} totalPages={meta.totalPages} hrefFor={(p) => tableHref(TABLE, query, { page: p })} />}
        />
      )}
    </section>
  );
}

export const ErrorBoundary = DashboardErrorBoundary;
