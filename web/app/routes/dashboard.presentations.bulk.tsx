import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data } from '@remix-run/node';
import { Link, useActionData, useLoaderData } from '@remix-run/react';
import {
  BulkGeneratePresentationsDto,
  LANGUAGES,
  PRESENTATION_FORMATS,
  PRESENTATION_TEMPLATES,
  PROPERTY_STATUSES,
  type BulkGeneratedDto,
} from '@realty/contracts';
import { useTranslation } from 'react-i18next';
import { DashboardErrorBoundary } from '~/components/account/Dashboard';
import { CheckboxGroup, SelectField } from '~/components/staff/fields';
import { StaffForm } from '~/components/staff/StaffForm';
import { i18nServer } from '~/i18n.server';
import { requireUser } from '~/lib/auth/auth.server';
import { CRM_PAGE_ROLES, uuidOf } from '~/lib/crm-schedule/schedule.server';
import { dashboardMeta } from '~/lib/i18n/error-meta';
import { PRESENTATIONS_PATH } from '~/lib/presentations/paths';
import { readStaffPost, submitStaffForm, type StaffFormResult } from '~/lib/staff/staff-form.server';
import presentationsCss from '~/styles/presentations.css?url';

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: presentationsCss }];

export const meta: MetaFunction<typeof loader> = (args) => dashboardMeta(args, args.data?.title);

const BULK_PATH = `${PRESENTATIONS_PATH}/bulk`;

/** Listing ids of ?ids= (comma separated; from the staff listings page's selection), at most 1000. */
function idsOf(raw: string | null): string[] {
  return [
    ...new Set(
      (raw ?? '')
        .split(',')
        .map((v) => uuidOf(v.trim()))
        .filter((v): v is string => v !== null),
    ),
  ].slice(0, 1000);
}

/**
 * /dashboard/presentations/bulk (issue 23 "bulk generate"): the listings selected elsewhere
 * (?ids=) or a catalogue filter (category, deal type, status, default active), times languages
 * and formats, with a template; the form posts BulkGeneratePresentationsDto and goes to the
 * batch's progress page. Works without JavaScript.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const auth = await requireUser(request, CRM_PAGE_ROLES);
  const t = await i18nServer.getFixedT(auth.lang, 'presentations');
  const td = await i18nServer.getFixedT(auth.lang, 'dashboard');
  const categories = await auth.api.properties.categories().catch(() => []);
  return data(
    {
      title: td('meta.title', { page: t('bulk') }),
      lang: auth.lang,
      ids: idsOf(new URL(request.url).searchParams.get('ids')),
      categories: categories.map((c) => ({ value: c.slug, label: c.name[auth.lang] || c.name.ru || c.slug })),
    },
    { headers: await auth.headers({ 'Cache-Control': 'private, no-store' }) },
  );
}

export async function action({ request }: ActionFunctionArgs) {
  const { form, auth } = await readStaffPost(request, CRM_PAGE_ROLES, BULK_PATH);
  const t = await i18nServer.getFixedT(auth.lang, 'presentations');
  const text = (name: string) => {
    const v = form.get(name);
    return typeof v === 'string' ? v.trim() : '';
  };
  const list = (name: string) => form.getAll(name).filter((v): v is string => typeof v === 'string' && v !== '');
  const filter: Record<string, string> = {};
  for (const k of ['category', 'dealType', 'status']) if (text(k)) filter[k] = text(k);
  const input = {
    ...(text('source') === 'selection' ? { propertyIds: list('propertyIds') } : { filter }),
    templateId: text('templateId'),
    languages: list('languages'),
    formats: list('formats'),
    options: { showPrice: form.get('showPrice') === 'on', includeAgentContacts: form.get('includeAgentContacts') === 'on' },
  };
  return submitStaffForm({
    request,
    auth,
    Dto: BulkGeneratePresentationsDto,
    input,
    values: { ...input, source: text('source'), ...filter },
    write: (value) => auth.api.presentations.bulkGenerate(value),
    success: (made: BulkGeneratedDto) => ({
      to: `${PRESENTATIONS_PATH}/batches/${made.batchId}`,
      toast: { title: t('bulkForm.started', { count: made.count }) },
    }),
  });
}

interface Posted {
  source?: string;
  templateId?: string;
  languages?: string[];
  formats?: string[];
  category?: string;
  dealType?: string;
  status?: string;
  options?: { showPrice: boolean; includeAgentContacts: boolean };
}

export default function BulkPresentationsPage() {
  const { ids, categories, lang } = useLoaderData<typeof loader>();
  const result = useActionData<StaffFormResult>();
  const { t } = useTranslation('presentations');
  const posted = (result?.values ?? null) as Posted | null;
  const errors = result?.errors ?? {};
  const source = posted?.source ?? (ids.length ? 'selection' : 'filter');
  const selectionError = errors.propertyIds;
  return (
    <section aria-labelledby="presentation-bulk-title" className="presentations">
      <p>
        <Link to={PRESENTATIONS_PATH}>← {t('title')}</Link>
      </p>
      <h1 id="presentation-bulk-title">{t('bulkForm.title')}</h1>
      <p>{t('bulkForm.intro')}</p>
      <StaffForm
        errors={errors}
        formError={result?.formError}
        submitLabel={t('bulkForm.submit')}
        secondary={
          <Link to={PRESENTATIONS_PATH} className="btn btn-secondary">
            {t('form.cancel')}
          </Link>
        }
      >
        <fieldset
          id="field-propertyIds"
          className={`checkbox-group${selectionError || errors.filter ? ' form-field--invalid' : ''}`}
          aria-describedby={selectionError || errors.filter ? 'field-source-error' : undefined}
        >
          <legend>{t('bulkForm.source')}</legend>
          {ids.length ? (
            <label className="checkbox-group__item">
              <input type="radio" name="source" value="selection" defaultChecked={source === 'selection'} /> {t('bulkForm.useSelection')} (
              {t('bulkForm.selection', { count: ids.length })})
            </label>
          ) : (
            <p className="field-hint">{t('bulkForm.fromListings')}</p>
          )}
          {ids.map((id) => (
            <input key={id} type="hidden" name="propertyIds" value={id} />
          ))}
          <label className="checkbox-group__item">
            <input type="radio" name="source" value="filter" defaultChecked={source === 'filter'} /> {t('bulkForm.useFilter')}
          </label>
          {selectionError || errors.filter ? (
            <p id="field-source-error" className="field-error">
              {selectionError || errors.filter}
            </p>
          ) : null}
        </fieldset>
        <SelectField
          name="category"
          label={t('bulkForm.category')}
          emptyLabel={t('bulkForm.anyCategory')}
          defaultValue={posted?.category ?? ''}
          options={categories}
        />
        <SelectField
          name="dealType"
          label={t('bulkForm.dealType')}
          emptyLabel={t('bulkForm.anyDealType')}
          defaultValue={posted?.dealType ?? ''}
          options={[
            { value: 'rent', label: t('bulkForm.rent') },
            { value: 'sale', label: t('bulkForm.sale') },
          ]}
        />
        <SelectField
          name="status"
          label={t('bulkForm.status')}
          defaultValue={posted?.status ?? 'active'}
          options={PROPERTY_STATUSES.map((s) => ({ value: s, label: t(`bulkForm.${s}`) }))}
        />
        <SelectField
          name="templateId"
          label={t('form.template')}
          error={errors.templateId}
          defaultValue={posted?.templateId ?? 'one-page'}
          options={PRESENTATION_TEMPLATES.map((tpl) => ({ value: tpl.id, label: `${tpl.name[lang]} — ${tpl.description[lang]}` }))}
        />
        <CheckboxGroup
          name="languages"
          legend={t('bulkForm.languages')}
          error={errors.languages}
          checked={posted?.languages ?? [lang]}
          options={LANGUAGES.map((l) => ({ value: l, label: t(`language.${l}`) }))}
        />
        <CheckboxGroup
          name="formats"
          legend={t('bulkForm.formats')}
          error={errors.formats}
          checked={posted?.formats ?? ['pdf']}
          options={PRESENTATION_FORMATS.map((f) => ({ value: f, label: f.toUpperCase() }))}
        />
        <fieldset className="checkbox-group">
          <legend>{t('form.options')}</legend>
          <label className="checkbox-group__item">
            <input type="checkbox" name="showPrice" defaultChecked={posted?.options?.showPrice ?? true} /> {t('form.showPrice')}
          </label>
          <label className="checkbox-group__item">
            <input type="checkbox" name="includeAgentContacts" defaultChecked={posted?.options?.includeAgentContacts ?? true} />{' '}
            {t('form.includeAgentContacts')}
          </label>
        </fieldset>
      </StaffForm>
    </section>
  );
}

export const ErrorBoundary = DashboardErrorBoundary;
