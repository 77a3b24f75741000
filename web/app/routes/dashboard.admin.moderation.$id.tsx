import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data } from '@remix-run/node';
import { Link, useActionData, useLoaderData } from '@remix-run/react';
import { ApiError } from '@realty/api-client';
import { ApprovePropertyDto, LISTING_BOUNDS, RejectPropertyDto, type ModerationReviewDto } from '@realty/contracts';
import { formatDateTime, LANGUAGE_NAMES, pickText } from '@realty/i18n';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { DashboardErrorBoundary } from '~/components/account/Dashboard';
import { FormAlert } from '~/components/account/Field';
import { StaffForm } from '~/components/staff/StaffForm';
import { TextAreaField, TextField } from '~/components/staff/fields';
import { useToastEffect } from '~/components/toast/Toaster';
import { i18nServer } from '~/i18n.server';
import { ADMIN_ROLES, requireUser, rethrowAuthError } from '~/lib/auth/auth.server';
import { dashboardMeta } from '~/lib/i18n/error-meta';
import { MODERATION_PATH, reviewPath } from '~/lib/moderation/moderation-paths';
import { reviewRows } from '~/lib/moderation/review-rows';
import type { TextPart } from '~/lib/moderation/text-diff';
import { formInput, readStaffPost, submitStaffForm, type StaffFormResult } from '~/lib/staff/staff-form.server';
import moderationCss from '~/styles/moderation.css?url';

export const meta: MetaFunction<typeof loader> = (args) => dashboardMeta(args, args.data?.title);
export const links: LinksFunction = () => [{ rel: 'stylesheet', href: moderationCss }];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const APPROVE_FIELDS = ['comment'];
const REJECT_FIELDS = ['reason', 'notes'];

/**
 * /dashboard/admin/moderation/:id (issue 21; spec 02 §2 "the queue, with what changed since the
 * last approved version side by side", §7 approve {comment}, reject {reason, notes}): the
 * listing's author, status and images, and a table of its changes: field, what the public sees
 * now and what is proposed (an edit: only the changed fields, texts per language; a new
 * listing: every field). Approve with an optional comment or reject with a reason (required)
 * and notes: two plain POST forms validated with the API's DTOs (ApprovePropertyDto,
 * RejectPropertyDto), errors at their fields; done -> back to the queue with a toast. A listing
 * that no longer awaits moderation answers 404 with a way back. admin and super_admin only.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const auth = await requireUser(request, ADMIN_ROLES);
  const t = await i18nServer.getFixedT(auth.lang, 'moderation');
  const id = params.id ?? '';
  let item: ModerationReviewDto | null = null;
  if (UUID.test(id)) {
    try {
      item = await auth.api.listings.moderationItem(id);
    } catch (error) {
      if (error instanceof ApiError && error.status === 403)
        throw data({ code: 'FORBIDDEN' }, { status: 403, headers: await auth.headers() });
      if (!(error instanceof ApiError && error.status === 404)) await rethrowAuthError(request, auth, error);
    }
  }
  const title = item ? `${t('review.title')}: ${pickText(item.property.title, auth.lang)}` : t('review.title');
  return data(
    { title, lang: auth.lang, item },
    { status: item ? 200 : 404, headers: await auth.headers({ 'Cache-Control': 'private, no-store' }) },
  );
}

/** intent=approve {comment} or intent=reject {reason, notes}; success -> the queue with a toast. */
export async function action({ request, params }: ActionFunctionArgs) {
  const id = params.id ?? '';
  const { form, auth, intent } = await readStaffPost(request, ADMIN_ROLES, reviewPath(id));
  const t = await i18nServer.getFixedT(auth.lang, 'moderation');
  if (intent === 'reject')
    return submitStaffForm({
      request,
      auth,
      Dto: RejectPropertyDto,
      input: formInput(form, { reason: 'text', notes: 'optionalText' }),
      write: (v) => auth.api.listings.reject(id, v.reason, v.notes ?? undefined),
      success: () => ({ to: MODERATION_PATH, toast: { title: t('review.rejected') } }),
    });
  return submitStaffForm({
    request,
    auth,
    Dto: ApprovePropertyDto,
    input: formInput(form, { comment: 'optionalText' }),
    write: (v) => auth.api.listings.approve(id, v.comment ?? undefined),
    success: () => ({ to: MODERATION_PATH, toast: { title: t('review.approved') } }),
  });
}

/** A text with its changed words marked (<mark>: announced as highlighted by screen readers that support it). */
function Marked({ parts }: { parts: TextPart[] }) {
  return <>{parts.map((p, i) => (p.changed ? <mark key={i}>{p.text}</mark> : <Fragment key={i}>{p.text}</Fragment>))}</>;
}

const pick = (errors: Record<string, string>, names: string[]) =>
  Object.fromEntries(Object.entries(errors).filter(([k]) => names.includes(k)));

export default function ModerationReviewPage() {
  const { item, lang } = useLoaderData<typeof loader>();
  const result = useActionData<StaffFormResult>();
  const { t } = useTranslation('moderation');
  const { t: tc } = useTranslation('catalog');
  const errors = result?.errors ?? {};
  const hasFieldErrors = Object.keys(errors).length > 0;
  // The failure's toast once for the page (spec 02 §8: 'Ошибка валидации', or the API's refusal, e.g. 409 already
  // moderated); field errors go to their form's summary, a refusal without fields to one alert above both forms.
  const formError = result?.formError ?? null;
  useToastEffect(formError);
  const back = (
    <p>
      <Link to={MODERATION_PATH}>← {t('review.back')}</Link>
    </p>
  );
  if (!item) {
    return (
      <section aria-labelledby="review-title" className="admin-moderation">
        <h1 id="review-title">{t('review.title')}</h1>
        {back}
        <FormAlert message={formError} />
        <p className="state-block">{t('review.notFound')}</p>
      </section>
    );
  }
  const p = item.property;
  const title = pickText(p.title, lang);
  const rows = reviewRows(item, lang, {
    dealType: (d) => tc(`dealTypes.${d}`),
    feature: (f) => tc(`features.${f}`, { defaultValue: f }),
    yes: t('review.yes'),
    no: t('review.no'),
    none: t('review.none'),
  });
  const isEdit = item.kind === 'edit';
  return (
    <section aria-labelledby="review-title" className="admin-moderation moderation-review">
      {back}
      <h1 id="review-title">{title}</h1>
      <dl className="audit-details">
        <dt>{t('queue.kind')}</dt>
        <dd>
          <span className={`status-badge status-badge--${item.kind}`}>{t(`kinds.${item.kind}`)}</span>
        </dd>
        <dt>{t('review.author')}</dt>
        <dd>{item.owner ? `${item.owner.name} (${item.owner.email})` : '—'}</dd>
        <dt>{t('review.submitted')}</dt>
        <dd>{formatDateTime(p.updatedAt, lang)}</dd>
        <dt>{t('review.status')}</dt>
        <dd>
          {t(`statuses.${p.status}`)}
          {isEdit ? (
            <>
              {' · '}
              <Link to={`/property/${p.slug}`}>{t('review.publicPage')}</Link>
            </>
          ) : null}
        </dd>
      </dl>

      <h2>{t('review.changes')}</h2>
      <p>{isEdit ? t('review.introEdit') : t('review.introNew')}</p>
      <div className="table-wrap">
        <table className="data-table review-changes">
          <caption className="sr-only">{t('review.changes')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('review.field')}</th>
              {isEdit ? <th scope="col">{t('review.current')}</th> : null}
              <th scope="col">{t('review.proposed')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.key} data-field={row.key}>
                <th scope="row">
                  {t(`fields.${row.field}`)}
                  {row.lang ? <span className="badge badge--muted" lang={row.lang}>{` ${LANGUAGE_NAMES[row.lang]}`}</span> : null}
                </th>
                {isEdit ? (
                  <td data-side="before" lang={row.lang ?? undefined} className={row.long ? 'review-changes__long' : undefined}>
                    {row.parts ? <Marked parts={row.parts.before} /> : row.before}
                  </td>
                ) : null}
                <td data-side="after" lang={row.lang ?? undefined} className={row.long ? 'review-changes__long' : undefined}>
                  {row.parts ? <Marked parts={row.parts.after} /> : row.after}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <h2>{t('review.images')}</h2>
      {item.images.length ? (
        <ul className="review-images">
          {item.images.map((image, i) => (
            <li key={image.id}>
              <a href={image.url}>
                <img
                  src={image.thumbUrl ?? image.url}
                  alt={t('review.imageAlt', { n: i + 1, title })}
                  width={160}
                  height={107}
                  loading="lazy"
                />
              </a>
            </li>
          ))}
        </ul>
      ) : (
        <p className="state-block">{t('review.noImages')}</p>
      )}

      <h2>{t('review.decision')}</h2>
      {hasFieldErrors ? null : <FormAlert message={formError} />}
      <div className="moderation-decision">
        <section aria-labelledby="approve-title" className="moderation-decision__form">
          <h3 id="approve-title">{t('review.approveTitle')}</h3>
          <p>{t('review.approveHint')}</p>
          <StaffForm errors={pick(errors, APPROVE_FIELDS)} submitLabel={t('review.approve')} id="approve-form" guardUnsaved={false}>
            {/* The reason and notes typed for a rejection are what leaving would lose: the reject form guards (one guard a page). */}
            <input type="hidden" name="intent" value="approve" />
            <TextAreaField
              name="comment"
              label={t('review.comment')}
              maxLength={LISTING_BOUNDS.commentMax}
              rows={3}
              error={errors.comment}
            />
          </StaffForm>
        </section>
        <section aria-labelledby="reject-title" className="moderation-decision__form">
          <h3 id="reject-title">{t('review.rejectTitle')}</h3>
          <p>{t('review.rejectHint')}</p>
          <StaffForm errors={pick(errors, REJECT_FIELDS)} submitLabel={t('review.reject')} id="reject-form">
            <input type="hidden" name="intent" value="reject" />
            <TextField name="reason" label={t('review.reason')} required maxLength={LISTING_BOUNDS.reason[1]} error={errors.reason} />
            <TextAreaField name="notes" label={t('review.notes')} maxLength={LISTING_BOUNDS.notesMax} rows={3} error={errors.notes} />
          </StaffForm>
        </section>
      </div>
    </section>
  );
}

export const ErrorBoundary = DashboardErrorBoundary;
