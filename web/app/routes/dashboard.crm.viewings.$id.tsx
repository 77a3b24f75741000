import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data } from '@remix-run/node';
import { Link, useActionData, useLoaderData } from '@remix-run/react';
import { VIEWING_OUTCOME_STATUSES, ViewingOutcomeDto, ViewingWriteDto } from '@realty/contracts';
import { useTranslation } from 'react-i18next';
import { DashboardErrorBoundary } from '~/components/account/Dashboard';
import { ViewingFields, viewingFormValues, viewingInput, type ViewingFormValues } from '~/components/crm-schedule/ViewingFields';
import { SelectField, TextAreaField } from '~/components/staff/fields';
import { StaffForm } from '~/components/staff/StaffForm';
import { ConfirmPanel } from '~/components/staff/TableControls';
import { i18nServer } from '~/i18n.server';
import { requireUser } from '~/lib/auth/auth.server';
import { formatDayTime, formatTime } from '~/lib/crm-schedule/schedule-format';
import { bookingWrite, CRM_PAGE_ROLES, readOrFail, SUPERVISOR_ROLES, uuidOf, writeAndReturn } from '~/lib/crm-schedule/schedule.server';
import { dashboardMeta } from '~/lib/i18n/error-meta';
import { formInput, readStaffPost, submitStaffForm, type StaffFormResult } from '~/lib/staff/staff-form.server';
import crmSharedCss from '~/styles/crm/shared.css?url';
import scheduleCss from '~/styles/crm/schedule.css?url';

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: crmSharedCss },
  { rel: 'stylesheet', href: scheduleCss },
];

export const meta: MetaFunction<typeof loader> = (args) => dashboardMeta(args, args.data?.title);

const LIST = '/dashboard/crm/viewings';

function notFound(): never {
  throw data({ code: 'NOT_FOUND' }, { status: 404 });
}

/**
 * /dashboard/crm/viewings/{id} (issue 22 "Viewings"): the viewing, its outcome form (completed |
 * no show, with a comment) while it is scheduled, and its cancellation after a confirmation
 * step (?confirm=cancel), which frees the agent's and the listing's time; while scheduled, the
 * booking form moves it (a double booking's message shows under the time). Works without JavaScript.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const auth = await requireUser(request, CRM_PAGE_ROLES);
  const id = uuidOf(params.id) ?? notFound();
  const t = await i18nServer.getFixedT(auth.lang, 'crmSchedule');
  const td = await i18nServer.getFixedT(auth.lang, 'dashboard');
  const { value, failed } = await readOrFail(request, auth, () => auth.api.crmSchedule.viewings.get(id));
  if (failed || !value) throw data({ code: 'SERVICE_UNAVAILABLE' }, { status: 503, headers: await auth.headers() });
  const movable = value.editable && value.status === 'scheduled';
  const options = movable ? await auth.api.crmSchedule.viewings.options().catch(() => null) : null;
  return data(
    {
      options: options ?? { properties: [], clients: [], agents: [] },
      movable,
      supervisor: SUPERVISOR_ROLES.includes(auth.user.role),
      title: td('meta.title', { page: t('viewings.detailTitle', { title: value.property.title }) }),
      lang: auth.lang,
      viewing: value,
      confirm: new URL(request.url).searchParams.get('confirm') === 'cancel',
    },
    { headers: await auth.headers({ 'Cache-Control': 'private, no-store' }) },
  );
}

export async function action({ request, params }: ActionFunctionArgs) {
  const id = uuidOf(params.id) ?? notFound();
  const self = `${LIST}/${id}`;
  const { form, auth, intent } = await readStaffPost(request, CRM_PAGE_ROLES, self);
  const t = await i18nServer.getFixedT(auth.lang, 'crmSchedule');
  if (intent === 'cancel')
    return writeAndReturn(request, auth, self, () => auth.api.crmSchedule.viewings.cancel(id), t('viewings.cancelled'));
  if (intent === 'move') {
    const { input, values } = viewingInput(form);
    return submitStaffForm({
      request,
      auth,
      Dto: ViewingWriteDto,
      input,
      values: { ...values, form: 'move' },
      write: (value) => bookingWrite(() => auth.api.crmSchedule.viewings.update(id, value)),
      success: () => ({ to: self, toast: { title: t('viewings.saved') } }),
    });
  }
  return submitStaffForm({
    request,
    auth,
    Dto: ViewingOutcomeDto,
    input: formInput(form, { status: 'text', outcome: 'optionalText' }),
    write: (value) => auth.api.crmSchedule.viewings.outcome(id, value),
    success: () => ({ to: self, toast: { title: t('viewings.outcomeSaved') } }),
  });
}

export default function ViewingPage() {
  const { viewing: v, confirm, lang, options, movable, supervisor } = useLoaderData<typeof loader>();
  const posted = useActionData<StaffFormResult>();
  // which of the two forms the answer belongs to
  const moveResult = (posted?.values as { form?: string } | undefined)?.form === 'move' ? posted : undefined;
  const result = moveResult ? undefined : posted;
  const { t } = useTranslation('crmSchedule');
  const { t: tc } = useTranslation('crm');
  const self = `${LIST}/${v.id}`;
  return (
    <section aria-labelledby="viewing-title" className="crm-schedule">
      <p>
        <Link to={LIST}>← {t('viewings.title')}</Link>
      </p>
      <h1 id="viewing-title">{t('viewings.detailTitle', { title: v.property.title })}</h1>
      <dl className="schedule-meta">
        <dt>{t('viewings.columns.when')}</dt>
        <dd>
          <time dateTime={v.startsAt}>{formatDayTime(v.startsAt, lang)}</time>–{formatTime(v.endsAt, lang)} (
          {t('viewings.minutes', { count: v.durationMinutes })})
        </dd>
        <dt>{t('viewings.columns.property')}</dt>
        <dd>
          {v.property.title}
          {v.property.address ? `, ${v.property.address}` : ''}
        </dd>
        <dt>{t('viewings.columns.agent')}</dt>
        <dd>{v.agent.name || '—'}</dd>
        <dt>{t('viewings.columns.subject')}</dt>
        <dd>
          {v.subject ? (
            <Link to={`/dashboard/crm/${v.subject.kind}s/${v.subject.id}`}>
              {t(`common.subject.${v.subject.kind}`)}: {v.subject.name}
            </Link>
          ) : (
            '—'
          )}
        </dd>
        <dt>{t('viewings.columns.status')}</dt>
        <dd>
          <span className={`schedule-badge schedule-badge--${v.status}`}>{tc(`viewingStatus.${v.status}`)}</span>
        </dd>
        {v.notes ? (
          <>
            <dt>{t('viewings.notes')}</dt>
            <dd className="activity-feed__body">{v.notes}</dd>
          </>
        ) : null}
        {v.outcome ? (
          <>
            <dt>{t('viewings.outcome')}</dt>
            <dd className="activity-feed__body">{v.outcome}</dd>
          </>
        ) : null}
      </dl>

      {confirm && v.editable && v.status === 'scheduled' ? (
        <ConfirmPanel
          title={t('viewings.confirmCancel', { title: v.property.title })}
          text={t('viewings.confirmCancelText')}
          confirmLabel={t('viewings.cancelViewing')}
          cancelHref={self}
          intent="cancel"
        />
      ) : null}

      {v.editable && v.status === 'scheduled' ? (
        <section className="schedule-section" aria-labelledby="outcome-title">
          <h2 id="outcome-title">{t('viewings.outcomeTitle')}</h2>
          <StaffForm
            errors={result?.errors}
            formError={result?.formError}
            submitLabel={t('viewings.saveOutcome')}
            secondary={
              <Link to={`${self}?confirm=cancel`} className="btn btn-danger">
                {t('viewings.cancelViewing')}
              </Link>
            }
          >
            <SelectField
              name="status"
              label={t('viewings.outcomeStatus')}
              defaultValue="completed"
              options={VIEWING_OUTCOME_STATUSES.map((s) => ({ value: s, label: tc(`viewingStatus.${s}`) }))}
              error={result?.errors?.status}
            />
            <TextAreaField name="outcome" label={t('viewings.outcomeText')} rows={3} maxLength={5000} error={result?.errors?.outcome} />
          </StaffForm>
        </section>
      ) : null}

      {movable ? (
        <section className="schedule-section" aria-labelledby="move-title">
          <h2 id="move-title">{t('viewings.moveTitle')}</h2>
          <StaffForm errors={moveResult?.errors} formError={moveResult?.formError} submitLabel={t('common.save')} guardUnsaved={false}>
            <input type="hidden" name="intent" value="move" />
            <ViewingFields
              values={viewingFormValues(v, (moveResult?.values as Partial<ViewingFormValues> | undefined) ?? {})}
              errors={moveResult?.errors ?? {}}
              options={options}
              supervisor={supervisor}
            />
          </StaffForm>
        </section>
      ) : null}
      {!v.editable ? <p role="note">{t('viewings.readOnly')}</p> : null}
    </section>
  );
}

export const ErrorBoundary = DashboardErrorBoundary;
