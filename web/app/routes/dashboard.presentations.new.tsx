import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import {
  LANGUAGES,
  PRESENTATION_FORMATS,
  PRESENTATION_TEMPLATES,
  GeneratePresentationDto,
  type GeneratedPresentationDto,
  type Language,
} from '@realty/contracts';
import { useTranslation } from 'react-i18next';
import { DashboardErrorBoundary } from '~/components/account/Dashboard';
import { SelectField } from '~/components/staff/fields';
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

const NEW_PATH = `${PRESENTATIONS_PATH}/new`;

/**
 * /dashboard/presentations/new (issue 23 "generate"): pick listings (a search over the staff
 * listing list, ?q=; ?ids= keeps or preselects them), the template, format, language and options
 * (price, agent contacts); the form posts GeneratePresentationDto (validated on the page and by
 * the API) and goes back to the list, where the new presentation shows "generating" until the
 * worker has made it. Works without JavaScript.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const auth = await requireUser(request, CRM_PAGE_ROLES);
  const t = await i18nServer.getFixedT(auth.lang, 'presentations');
  const td = await i18nServer.getFixedT(auth.lang, 'dashboard');
  const params = new URL(request.url).searchParams;
  const q = (params.get('q') ?? '').trim().slice(0, 100);
  const picked = (params.get('ids') ?? '')
    .split(',')
    .map((v) => uuidOf(v.trim()))
    .filter((v): v is string => v !== null)
    .slice(0, 20);
  const found = await auth.api.staffListings.list({ scope: 'all', q: q || undefined, limit: 25 }).catch(() => null);
  return data(
    {
      title: td('meta.title', { page: t('generate') }),
      lang: auth.lang,
      q,
      picked,
      listings: (found?.items ?? []).map((l) => ({
        id: l.id,
        title: l.titles[auth.lang] || l.title,
        address: l.address,
        status: l.status,
      })),
      failed: found === null,
    },
    { headers: await auth.headers({ 'Cache-Control': 'private, no-store' }) },
  );
}

export async function action({ request }: ActionFunctionArgs) {
  const { form, auth } = await readStaffPost(request, CRM_PAGE_ROLES, NEW_PATH);
  const t = await i18nServer.getFixedT(auth.lang, 'presentations');
  const text = (name: string) => {
    const v = form.get(name);
    return typeof v === 'string' ? v : '';
  };
  const input = {
    propertyIds: form.getAll('propertyIds').filter((v): v is string => typeof v === 'string' && v !== ''),
    templateId: text('templateId'),
    format: text('format'),
    language: text('language'),
    options: { showPrice: form.get('showPrice') === 'on', includeAgentContacts: form.get('includeAgentContacts') === 'on' },
  };
  return submitStaffForm({
    request,
    auth,
    Dto: GeneratePresentationDto,
    input,
    values: input,
    write: (value) => auth.api.presentations.generate(value),
    success: (_made: GeneratedPresentationDto) => ({ to: PRESENTATIONS_PATH, toast: { title: t('form.queued') } }),
  });
}

interface Posted {
  propertyIds: string[];
  templateId: string;
  format: string;
  language: string;
  options: { showPrice: boolean; includeAgentContacts: boolean };
}

export default function NewPresentationPage() {
  const { q, picked, listings, lang } = useLoaderData<typeof loader>();
  const result = useActionData<StaffFormResult>();
  const { t } = useTranslation('presentations');
  const posted = (result?.values ?? null) as Posted | null;
  const checked = new Set(posted?.propertyIds ?? picked);
  const shown = listings.filter((l) => !checked.has(l.id));
  const errors = result?.errors ?? {};
  return (
    <section aria-labelledby="presentation-new-title" className="presentations">
      <p>
        <Link to={PRESENTATIONS_PATH}>← {t('title')}</Link>
      </p>
      <h1 id="presentation-new-title">{t('generate')}</h1>

      <Form method="get" className="presentation-search" role="search">
        {[...checked].length ? <input type="hidden" name="ids" value={[...checked].join(',')} /> : null}
        <label htmlFor="presentation-q">{t('form.search')}</label>{' '}
        <input id="presentation-q" name="q" type="search" defaultValue={q} maxLength={100} />{' '}
        <button type="submit" className="btn btn-secondary">
          {t('form.searchSubmit')}
        </button>
      </Form>

      <StaffForm
        errors={errors}
        formError={result?.formError}
        submitLabel={t('form.submit')}
        secondary={
          <Link to={PRESENTATIONS_PATH} className="btn btn-secondary">
            {t('form.cancel')}
          </Link>
        }
      >
        <fieldset
          id="field-propertyIds"
          className={`presentation-pick${errors.propertyIds ? ' form-field--invalid' : ''}`}
          aria-describedby={errors.propertyIds ? 'field-propertyIds-error' : undefined}
        >
          <legend>{t('form.listings')}</legend>
          {[...checked].map((id) => {
            const l = listings.find((x) => x.id === id);
            return (
              <label key={id}>
                <input type="checkbox" name="propertyIds" value={id} defaultChecked /> {l ? `${l.title} — ${l.address}` : id}
              </label>
            );
          })}
          {shown.map((l) => (
            <label key={l.id}>
              <input type="checkbox" name="propertyIds" value={l.id} /> {l.title} — {l.address}
            </label>
          ))}
          {!checked.size && !shown.length ? <p>{t('form.noListings')}</p> : null}
          {errors.propertyIds ? (
            <p id="field-propertyIds-error" className="field-error">
              {errors.propertyIds}
            </p>
          ) : null}
        </fieldset>
        <SelectField
          name="templateId"
          label={t('form.template')}
          error={errors.templateId}
          defaultValue={posted?.templateId ?? 'classic'}
          options={PRESENTATION_TEMPLATES.map((tpl) => ({ value: tpl.id, label: `${tpl.name[lang]} — ${tpl.description[lang]}` }))}
        />
        <SelectField
          name="format"
          label={t('form.format')}
          error={errors.format}
          defaultValue={posted?.format ?? 'pdf'}
          options={PRESENTATION_FORMATS.map((f) => ({ value: f, label: f.toUpperCase() }))}
        />
        <SelectField
          name="language"
          label={t('form.language')}
          error={errors.language}
          defaultValue={posted?.language ?? lang}
          options={LANGUAGES.map((l: Language) => ({ value: l, label: t(`language.${l}`) }))}
        />
        <fieldset className="checkbox-group">
          <legend>{t('form.options')}</legend>
          <label className="checkbox-group__item">
            <input type="checkbox" name="showPrice" defaultChecked={posted?.options.showPrice ?? true} /> {t('form.showPrice')}
          </label>
          <label className="checkbox-group__item">
            <input type="checkbox" name="includeAgentContacts" defaultChecked={posted?.options.includeAgentContacts ?? true} />{' '}
            {t('form.includeAgentContacts')}
          </label>
        </fieldset>
      </StaffForm>
    </section>
  );
}

export const ErrorBoundary = DashboardErrorBoundary;
