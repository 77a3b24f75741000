import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data } from '@remix-run/node';
import { Link, useActionData, useLoaderData, useRevalidator } from '@remix-run/react';
import {
  LANDING_EDITOR_ROLES,
  LANDING_PERIODS,
  LANDING_STATUSES,
  ShareLandingTelegramDto,
  STAFF_ROLES,
  UpdateLandingDto,
  type LandingPeriod,
  type LandingShareDto,
} from '@realty/contracts';
import { LANGUAGE_NAMES } from '@realty/i18n';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { DashboardErrorBoundary } from '~/components/account/Dashboard';
import { SelectField, TextAreaField, TextField } from '~/components/staff/fields';
import { StaffForm } from '~/components/staff/StaffForm';
import { ConfirmPanel } from '~/components/staff/TableControls';
import { i18nServer } from '~/i18n.server';
import { requireUser } from '~/lib/auth/auth.server';
import { readOrFail, uuidOf, writeAndReturn } from '~/lib/crm-schedule/schedule.server';
import { dashboardMeta } from '~/lib/i18n/error-meta';
import { formInput, readStaffPost, submitStaffForm, type StaffFormResult } from '~/lib/staff/staff-form.server';
import crmSharedCss from '~/styles/crm/shared.css?url';

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: crmSharedCss }];

export const meta: MetaFunction<typeof loader> = (args) => dashboardMeta(args, args.data?.title);

const LIST = '/dashboard/landings';

function notFound(): never {
  throw data({ code: 'NOT_FOUND' }, { status: 404 });
}

/**
 * /dashboard/landings/{id} (issue 23; spec 02 §2 "Landings: open, delete, analytics, share to
 * Telegram"): the landing's public address and facts, its analytics for 7 / 30 / 90 days
 * (?period=, default 7d: visits, unique visitors, enquiries, conversion, by day), and for
 * manager, admin and super_admin: status and SEO (PATCH), share to Telegram (recipients and a
 * message; the messages' delivery below), delete after a confirmation (?confirm=delete). While
 * the worker generates it, the page reloads itself with JavaScript (a link does it without).
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const auth = await requireUser(request, STAFF_ROLES);
  const id = uuidOf(params.id) ?? notFound();
  const td = await i18nServer.getFixedT(auth.lang, 'dashboard');
  const url = new URL(request.url);
  const rawPeriod = url.searchParams.get('period') ?? '';
  const period: LandingPeriod = (LANDING_PERIODS as readonly string[]).includes(rawPeriod) ? (rawPeriod as LandingPeriod) : '7d';
  const [landing, analytics, shares] = await Promise.all([
    readOrFail(request, auth, () => auth.api.landings.get(id)),
    readOrFail(request, auth, () => auth.api.landings.analytics(id, period)),
    auth.api.landings.shares(id).catch(() => [] as LandingShareDto[]),
  ]);
  if (landing.failed || !landing.value) throw data({ code: 'SERVICE_UNAVAILABLE' }, { status: 503, headers: await auth.headers() });
  return data(
    {
      title: td('meta.title', { page: landing.value.title }),
      lang: auth.lang,
      landing: landing.value,
      analytics: analytics.value,
      period,
      shares,
      canEdit: (LANDING_EDITOR_ROLES as readonly string[]).includes(auth.user.role),
      confirm: url.searchParams.get('confirm') === 'delete',
    },
    { headers: await auth.headers({ 'Cache-Control': 'private, no-store' }) },
  );
}

/** intent=save (status, title, SEO, intro), share (recipients, message), delete. */
export async function action({ request, params }: ActionFunctionArgs) {
  const id = uuidOf(params.id) ?? notFound();
  const self = `${LIST}/${id}`;
  const { form, auth, intent } = await readStaffPost(request, LANDING_EDITOR_ROLES, self);
  const t = await i18nServer.getFixedT(auth.lang, 'landings');
  const landings = auth.api.landings;
  if (intent === 'delete') return writeAndReturn(request, auth, LIST, () => landings.remove(id), t('dashboard.detail.deleted'), self);
  if (intent === 'share') {
    const input = formInput(form, { recipients: 'text', message: 'text' });
    return submitStaffForm({
      request,
      auth,
      Dto: ShareLandingTelegramDto,
      input,
      values: { intent, ...input },
      write: (value) => landings.shareTelegram(id, value),
      success: (r) => ({ to: self, toast: { title: t('dashboard.detail.shared', { count: r.queued.length }) } }),
    });
  }
  const input = formInput(form, { status: 'text', title: 'text', seoTitle: 'text', seoDescription: 'text', intro: 'text' });
  return submitStaffForm({
    request,
    auth,
    Dto: UpdateLandingDto,
    input,
    values: { intent: 'save', ...input },
    write: (value) => landings.update(id, value),
    success: () => ({ to: self, toast: { title: t('dashboard.detail.saved') } }),
  });
}

/** Reloads the page every second while the worker generates the landing (JavaScript only). */
function useWhileGenerating(generating: boolean) {
  const { revalidate, state } = useRevalidator();
  useEffect(() => {
    if (!generating) return;
    const timer = setInterval(() => {
      if (state === 'idle') revalidate();
    }, 1000);
    return () => clearInterval(timer);
  }, [generating, revalidate, state]);
}

export default function LandingDetailPage() {
  const { landing, analytics, period, shares, canEdit, confirm, lang } = useLoaderData<typeof loader>();
  const result = useActionData<StaffFormResult>();
  const { t } = useTranslation('landings');
  useWhileGenerating(landing.generating);
  const self = `${LIST}/${landing.id}`;
  const posted = (result?.values ?? null) as Record<string, string> | null;
  const saveErrors = posted?.intent === 'save' ? result?.errors : undefined;
  const shareErrors = posted?.intent === 'share' ? result?.errors : undefined;
  const val = (name: string, fallback: string) =>
    posted && posted[name] !== undefined && posted[name] !== null ? String(posted[name]) : fallback;
  const percent = (n: number) => `${(n * 100).toLocaleString(lang === 'zh' ? 'zh-CN' : `${lang}-KZ`, { maximumFractionDigits: 1 })}%`;
  return (
    <section aria-labelledby="landing-title" className="landings-screen">
      <p>
        <Link to={LIST}>← {t('dashboard.detail.back')}</Link>
      </p>
      <h1 id="landing-title">{landing.title}</h1>
      {landing.generating ? (
        <p role="status">
          {t('dashboard.generating')} <Link to={self}>↻</Link>
        </p>
      ) : null}
      {landing.generationError ? <p role="alert">{t('dashboard.generationFailed', { error: landing.generationError })}</p> : null}
      <dl className="schedule-meta">
        <dt>{t('dashboard.detail.url')}</dt>
        <dd>
          <a href={landing.url} target="_blank" rel="noreferrer" data-testid="landing-url">
            {landing.url}
          </a>
        </dd>
        <dt>{t('dashboard.columns.status')}</dt>
        <dd>
          <span className={`schedule-badge schedule-badge--${landing.status}`} data-testid="landing-status">
            {t(`dashboard.statuses.${landing.status}`)}
          </span>
        </dd>
        <dt>{t('dashboard.detail.template')}</dt>
        <dd>{landing.templateId}</dd>
        <dt>{t('dashboard.detail.language')}</dt>
        <dd>{LANGUAGE_NAMES[landing.language]}</dd>
        <dt>{t('dashboard.detail.listings')}</dt>
        <dd>{landing.listingIds.length}</dd>
        {landing.createdBy ? (
          <>
            <dt>{t('dashboard.detail.createdBy')}</dt>
            <dd>{landing.createdBy.name || '—'}</dd>
          </>
        ) : null}
      </dl>

      <section aria-labelledby="landing-analytics" className="schedule-section">
        <h2 id="landing-analytics">{t('dashboard.detail.analytics')}</h2>
        <nav aria-label={t('dashboard.detail.period')} className="scope-tabs">
          {LANDING_PERIODS.map((p) => (
            <Link key={p} to={`${self}?period=${p}`} aria-current={p === period ? 'page' : undefined} className="scope-tab">
              {t(`dashboard.detail.periods.${p}`)}
            </Link>
          ))}
        </nav>
        {analytics ? (
          <>
            <dl className="schedule-meta" data-testid="landing-analytics">
              <dt>{t('dashboard.detail.visits')}</dt>
              <dd data-testid="analytics-visits">{analytics.visits}</dd>
              <dt>{t('dashboard.detail.uniqueVisitors')}</dt>
              <dd data-testid="analytics-unique">{analytics.uniqueVisitors}</dd>
              <dt>{t('dashboard.detail.enquiries')}</dt>
              <dd data-testid="analytics-enquiries">{analytics.enquiries}</dd>
              <dt>{t('dashboard.detail.conversion')}</dt>
              <dd>{percent(analytics.conversion)}</dd>
            </dl>
            {analytics.daily.length ? (
              <table className="data-table">
                <caption>{t('dashboard.detail.daily')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('dashboard.detail.day')}</th>
                    <th scope="col">{t('dashboard.detail.visits')}</th>
                    <th scope="col">{t('dashboard.detail.enquiries')}</th>
                  </tr>
                </thead>
                <tbody>
                  {analytics.daily.map((d) => (
                    <tr key={d.day}>
                      <td>
                        <time dateTime={d.day}>{d.day}</time>
                      </td>
                      <td>{d.visits}</td>
                      <td>{d.enquiries}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            ) : (
              <p>{t('dashboard.detail.noVisits')}</p>
            )}
          </>
        ) : (
          <p role="alert">{t('dashboard.loadError')}</p>
        )}
      </section>

      {confirm && canEdit ? (
        <ConfirmPanel
          title={t('dashboard.detail.confirmDelete', { title: landing.title })}
          text={t('dashboard.detail.confirmDeleteText')}
          confirmLabel={t('dashboard.detail.delete')}
          cancelHref={self}
          intent="delete"
        />
      ) : null}

      {canEdit ? (
        <>
          <section aria-labelledby="landing-settings" className="schedule-section">
            <h2 id="landing-settings">{t('dashboard.detail.settings')}</h2>
            <StaffForm
              id="landing-save"
              key={landing.updatedAt}
              errors={saveErrors}
              formError={posted?.intent === 'save' ? result?.formError : null}
              submitLabel={t('dashboard.detail.save')}
              secondary={
                <Link to={`${self}?confirm=delete`} className="btn btn-danger">
                  {t('dashboard.detail.delete')}
                </Link>
              }
            >
              <input type="hidden" name="intent" value="save" />
              <SelectField
                name="status"
                label={t('dashboard.columns.status')}
                options={LANDING_STATUSES.map((s) => ({ value: s, label: t(`dashboard.statuses.${s}`) }))}
                defaultValue={val('status', landing.status)}
                error={saveErrors?.status}
              />
              <TextField
                name="title"
                label={t('dashboard.form.pageTitle')}
                defaultValue={val('title', landing.title)}
                error={saveErrors?.title}
                maxLength={200}
              />
              <TextField
                name="seoTitle"
                label={t('dashboard.detail.seoTitle')}
                defaultValue={val('seoTitle', landing.seoTitle)}
                error={saveErrors?.seoTitle}
                maxLength={200}
              />
              <TextAreaField
                name="seoDescription"
                label={t('dashboard.detail.seoDescription')}
                defaultValue={val('seoDescription', landing.seoDescription)}
                error={saveErrors?.seoDescription}
                rows={3}
                maxLength={400}
              />
              <TextAreaField
                name="intro"
                label={t('dashboard.detail.intro')}
                defaultValue={val('intro', landing.intro)}
                error={saveErrors?.intro}
                rows={5}
              />
            </StaffForm>
          </section>

          <section aria-labelledby="landing-share" className="schedule-section">
            <h2 id="landing-share">{t('dashboard.detail.share')}</h2>
            <StaffForm
              id="landing-share-form"
              errors={shareErrors}
              formError={posted?.intent === 'share' ? result?.formError : null}
              submitLabel={t('dashboard.detail.send')}
              guardUnsaved={false}
            >
              <input type="hidden" name="intent" value="share" />
              <TextAreaField
                name="recipients"
                label={t('dashboard.detail.recipients')}
                hint={t('dashboard.detail.recipientsHint')}
                defaultValue={posted?.intent === 'share' ? val('recipients', '') : ''}
                error={shareErrors?.recipients}
                rows={2}
                required
              />
              <TextAreaField
                name="message"
                label={t('dashboard.detail.message')}
                defaultValue={posted?.intent === 'share' ? val('message', '') : landing.seoDescription}
                error={shareErrors?.message}
                rows={4}
                maxLength={3500}
                required
              />
            </StaffForm>
            {shares.length ? (
              <table className="data-table" data-testid="landing-shares">
                <caption>{t('dashboard.detail.shares')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('dashboard.detail.recipients')}</th>
                    <th scope="col">{t('dashboard.columns.status')}</th>
                    <th scope="col">{t('dashboard.columns.created')}</th>
                  </tr>
                </thead>
                <tbody>
                  {shares.map((s) => (
                    <tr key={s.id}>
                      <td>{s.chatId}</td>
                      <td>
                        {t(`dashboard.detail.shareStatus.${s.status}`)}
                        {s.error ? ` (${s.error})` : ''}
                      </td>
                      <td>
                        <time dateTime={s.createdAt}>{s.createdAt.slice(0, 16).replace('T', ' ')}</time>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            ) : null}
          </section>
        </>
      ) : (
        <p role="note">{t('dashboard.detail.readOnly')}</p>
      )}
    </section>
  );
}

export const ErrorBoundary = DashboardErrorBoundary;
