import { Form, Link, useActionData, useLoaderData, useLocation, useRevalidator } from '@remix-run/react';
import {
  BLOG_MODERATION_STATUSES,
  BLOG_POST_STATUSES,
  LANGUAGES,
  almatyLocalInput,
  type BlogBatchDto,
  type BlogCategoryDto,
  type BlogDeskPostDto,
  type BlogKind,
  type Language,
  type PageMeta,
} from '@realty/contracts';
import { LANGUAGE_NAMES } from '@realty/i18n';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { AuthenticityTokenInput } from '~/components/csrf';
import { Pagination } from '~/components/Pagination';
import { DataTable, EmptyState, ErrorState, type Column } from '~/components/staff/DataTable';
import { StaffForm } from '~/components/staff/StaffForm';
import { ConfirmPanel, FilterInput, FilterSelect, TableFilters } from '~/components/staff/TableControls';
import type { DeskFormResult } from '~/lib/blog-desk/desk.server';
import { deskPath, deskTable, type DeskQuery } from '~/lib/blog-desk/desk';
import { formatDayTime } from '~/lib/crm-schedule/schedule-format';
import { sortHref, tableHref } from '~/lib/staff/table-query';
import { PostFields, PostPreview, postFormValues } from './PostFields';

/** Status and moderation badges of a post (and "scheduled", "AI"). */
function Badges({ post, lang }: { post: BlogDeskPostDto; lang: Language }) {
  const { t } = useTranslation('blogDesk');
  return (
    <span className="blog-badges">
      <span className={`schedule-badge blog-status--${post.status}`}>{t(`status.${post.status}`)}</span>{' '}
      <span className={`schedule-badge blog-moderation--${post.moderationStatus}`}>{t(`moderation.${post.moderationStatus}`)}</span>
      {post.scheduledAt && post.status === 'draft' ? (
        <>
          {' '}
          <span className="schedule-badge blog-scheduled">
            {t('scheduledBadge')}: <time dateTime={post.scheduledAt}>{formatDayTime(post.scheduledAt, lang)}</time>
          </span>
        </>
      ) : null}
      {post.generatedByAi ? (
        <>
          {' '}
          <span className="schedule-badge blog-ai">{t('aiBadge')}</span>
        </>
      ) : null}
    </span>
  );
}

/** The auto-month form and the progress of the batch just started (refreshed every 2 s while it runs). */
function AutoMonth({ kind, batch, today }: { kind: BlogKind; batch: BlogBatchDto | null; today: string }) {
  const { t } = useTranslation('blogDesk');
  const revalidator = useRevalidator();
  const running = batch && (batch.status === 'queued' || batch.status === 'running');
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => {
      if (revalidator.state === 'idle') revalidator.revalidate();
    }, 2000);
    return () => clearInterval(timer);
  }, [running, revalidator]);
  return (
    <section className="blog-auto-month schedule-section" aria-labelledby="auto-month-title">
      <h2 id="auto-month-title">{t('autoMonth.title')}</h2>
      <p className="form-hint">{t('autoMonth.text')}</p>
      <Form method="post" className="blog-auto-month__form">
        <AuthenticityTokenInput />
        <input type="hidden" name="intent" value="autoMonth" />
        <div className="form-field">
          <label htmlFor="auto-month-start">{t('autoMonth.startDate')}</label>
          <input id="auto-month-start" type="date" name="startDate" min={today} defaultValue={today} required />
        </div>
        <fieldset className="checkbox-group">
          <legend>{t('autoMonth.languages')}</legend>
          <div className="checkbox-group__items">
            {LANGUAGES.map((l) => (
              <label key={l} className="checkbox-group__item">
                <input type="checkbox" name="languages" value={l} defaultChecked /> {LANGUAGE_NAMES[l]}
              </label>
            ))}
          </div>
        </fieldset>
        <button type="submit" className="btn btn-secondary">
          {t('autoMonth.submit')}
        </button>
      </Form>
      {batch ? (
        <div className="blog-auto-month__progress" role="status" aria-live="polite" data-testid="auto-month-progress">
          <p>
            {t(`autoMonth.status.${batch.status}`)} — {t('autoMonth.progress', { done: batch.done, total: batch.total })}
          </p>
          <progress max={Math.max(batch.total, 1)} value={batch.done} aria-label={t('autoMonth.title')} />
          {batch.failure ? <p className="field-error">{t('autoMonth.failed', { reason: batch.failure })}</p> : null}
          {running ? (
            <noscript>
              <a href={`${deskPath(kind)}?batch=${batch.id}`}>↻</a>
            </noscript>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}

type ListData = {
  kind: BlogKind;
  lang: Language;
  query: DeskQuery;
  rows: BlogDeskPostDto[];
  meta: PageMeta;
  failed: boolean;
  batch: BlogBatchDto | null;
  today: string;
};

/**
 * /dashboard/admin/blog and /dashboard/admin/news (issue 23; decision 037): the posts of one kind
 * with search, status and moderation filters, sortable columns, page paging (all in the URL,
 * works without JavaScript), badges (status, moderation, scheduled, AI), and the auto-month form
 * with its batch's progress.
 */
export function DeskListPage() {
  const { kind, lang, query, rows, meta, failed, batch, today } = useLoaderData() as unknown as ListData;
  const { t } = useTranslation('blogDesk');
  const table = deskTable(kind);
  const path = deskPath(kind);
  const sortOf = (key: DeskQuery['sort']) => ({ href: sortHref(table, query, key), active: query.sort === key ? query.dir : null });
  const columns: Column<BlogDeskPostDto>[] = [
    {
      id: 'title',
      header: t('columns.title'),
      sort: sortOf('title'),
      cell: (r) => <Link to={`${path}/${r.id}`}>{r.title[lang] || r.title.ru || r.slug}</Link>,
    },
    { id: 'status', header: t('columns.status'), cell: (r) => <Badges post={r} lang={lang} /> },
    {
      id: 'scheduled',
      header: t('columns.scheduled'),
      sort: sortOf('scheduled'),
      cell: (r) => (r.scheduledAt ? <time dateTime={r.scheduledAt}>{formatDayTime(r.scheduledAt, lang)}</time> : '—'),
    },
    {
      id: 'published',
      header: t('columns.published'),
      sort: sortOf('published'),
      cell: (r) => (r.publishedAt ? <time dateTime={r.publishedAt}>{formatDayTime(r.publishedAt, lang)}</time> : '—'),
    },
    {
      id: 'updated',
      header: t('columns.updated'),
      sort: sortOf('updated'),
      cell: (r) => <time dateTime={r.updatedAt}>{formatDayTime(r.updatedAt, lang)}</time>,
    },
  ];
  const keep = {
    sort: query.sort !== 'updated' || query.dir !== 'desc' ? query.sort : undefined,
    dir: query.sort !== 'updated' || query.dir !== 'desc' ? query.dir : undefined,
  };
  return (
    <section aria-labelledby="desk-title" className="crm-schedule blog-desk">
      <div className="page-head">
        <h1 id="desk-title">{t(`title.${kind}`)}</h1>
        <Link to={`${path}/new`} className="btn btn-primary">
          {t(`create.${kind}`)}
        </Link>
      </div>
      <TableFilters
        path={path}
        label={t('filters')}
        keep={keep}
        resetHref={tableHref(table, { ...query, filters: { q: '', status: '', moderation: '' } })}
      >
        <FilterInput name="q" type="search" label={t('search')} value={query.filters.q} />
        <FilterSelect
          name="status"
          label={t('statusLabel')}
          value={query.filters.status}
          anyLabel={t('allStatuses')}
          options={BLOG_POST_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
        />
        <FilterSelect
          name="moderation"
          label={t('moderationLabel')}
          value={query.filters.moderation}
          anyLabel={t('allModeration')}
          options={BLOG_MODERATION_STATUSES.map((s) => ({ value: s, label: t(`moderation.${s}`) }))}
        />
      </TableFilters>
      {failed ? (
        <ErrorState title={t('loadError')} retryHref={tableHref(table, query)} />
      ) : (
        <>
          <p className="listing-count" aria-live="polite">
            {t('found', { count: meta.total })}
          </p>
          <DataTable
            label={t(`title.${kind}`)}
            rows={rows}
            rowKey={(r) => r.id}
            rowProps={(r) => ({ 'data-id': r.id, 'data-status': r.status })}
            columns={columns}
            empty={<EmptyState title={t('empty')} hint={t('emptyHint')} />}
            paging={<Pagination page={meta.page} totalPages={meta.totalPages} hrefFor={(page) => tableHref(table, query, { page })} />}
          />
        </>
      )}
      <AutoMonth kind={kind} batch={batch} today={today} />
    </section>
  );
}

type NewData = { kind: BlogKind; lang: Language; categories: BlogCategoryDto[] };

/** /dashboard/admin/{blog|news}/new: the form (editor per language, HTML fallback) and its preview. */
export function DeskNewPage() {
  const { kind, lang, categories } = useLoaderData() as unknown as NewData;
  const result = useActionData() as DeskFormResult | undefined;
  const { t } = useTranslation('blogDesk');
  const values = postFormValues({ kind }, result?.values);
  return (
    <section aria-labelledby="desk-new-title" className="crm-schedule blog-desk">
      <p>
        <Link to={deskPath(kind)}>← {t('back')}</Link>
      </p>
      <h1 id="desk-new-title">{t(`create.${kind}`)}</h1>
      <StaffForm
        key={JSON.stringify(result?.values ?? null)}
        errors={result?.errors}
        formError={result?.formError}
        submitLabel={t('form.create')}
        encType="multipart/form-data"
        secondary={
          <button type="submit" name="intent" value="preview" className="btn btn-secondary" formNoValidate>
            {t('form.preview')}
          </button>
        }
      >
        <PostFields values={values} errors={result?.errors ?? {}} categories={categories} lang={lang} />
      </StaffForm>
      {result?.preview ? <PostPreview preview={result.preview} /> : null}
    </section>
  );
}

type EditData = {
  kind: BlogKind;
  lang: Language;
  post: BlogDeskPostDto;
  categories: BlogCategoryDto[];
  moderator: boolean;
  confirm: boolean;
};

/**
 * /dashboard/admin/{blog|news}/{id}: moderation (admins: approve, reject with a note, back to
 * pending), status (publish, back to drafts, archive), schedule (a draft, Almaty time), the
 * edit form with preview, and delete after a confirmation (?confirm=delete, no JavaScript needed).
 */
export function DeskEditPage() {
  const { kind, lang, post, categories, moderator, confirm } = useLoaderData() as unknown as EditData;
  const result = useActionData() as DeskFormResult | undefined;
  const { t } = useTranslation('blogDesk');
  const location = useLocation();
  const self = `${deskPath(kind)}/${post.id}`;
  const values = postFormValues(
    {
      kind: post.kind,
      title: post.title,
      excerpt: post.excerpt,
      content: post.content,
      slug: post.slug,
      categoryId: post.category ? String(post.category.id) : '',
      coverImageKey: post.coverImageKey ?? '',
    },
    result?.values,
  );
  const title = post.title[lang] || post.title.ru || post.slug;
  const oneButton = (intent: string, label: string, cls = 'btn-secondary') => (
    <Form method="post" className="blog-action">
      <AuthenticityTokenInput />
      <button type="submit" name="intent" value={intent} className={`btn ${cls}`}>
        {label}
      </button>
    </Form>
  );
  return (
    <section aria-labelledby="desk-edit-title" className="crm-schedule blog-desk">
      <p>
        <Link to={deskPath(kind)}>← {t('back')}</Link>
      </p>
      <h1 id="desk-edit-title">{t('editTitle', { title })}</h1>
      <p>
        <Badges post={post} lang={lang} />
        {post.isPublic ? (
          <>
            {' '}
            <a href={`/news/${post.slug}`}>{t('publicLink')}</a>
          </>
        ) : null}
      </p>
      {post.moderationNote ? <p role="note">{post.moderationNote}</p> : null}

      {confirm ? (
        <ConfirmPanel
          title={t('actions.confirmDelete', { title })}
          text={t('actions.confirmDeleteText')}
          confirmLabel={t('actions.delete')}
          cancelHref={self}
          intent="delete"
        />
      ) : null}

      {moderator ? (
        <section className="schedule-section" aria-labelledby="moderation-title">
          <h2 id="moderation-title">{t('actions.moderationSection')}</h2>
          <Form method="post" className="blog-moderation">
            <AuthenticityTokenInput />
            <div className="form-field">
              <label htmlFor="moderation-note">{t('actions.note')}</label>
              <textarea id="moderation-note" name="note" rows={2} maxLength={1000} defaultValue={post.moderationNote ?? ''} />
            </div>
            <button type="submit" name="intent" value="approve" className="btn btn-primary">
              {t('actions.approve')}
            </button>{' '}
            <button type="submit" name="intent" value="reject" className="btn btn-danger">
              {t('actions.reject')}
            </button>{' '}
            {post.moderationStatus !== 'pending' ? (
              <button type="submit" name="intent" value="toPending" className="btn btn-secondary">
                {t('actions.toPending')}
              </button>
            ) : null}
          </Form>
        </section>
      ) : null}

      <section className="schedule-section" aria-labelledby="status-title">
        <h2 id="status-title">{t('actions.statusSection')}</h2>
        <div className="blog-actions">
          {post.status !== 'published'
            ? oneButton('publish', t('actions.publish'), 'btn-primary')
            : oneButton('unpublish', t('actions.unpublish'))}
          {post.status !== 'archived' ? oneButton('archive', t('actions.archive')) : null}
        </div>
        {post.status === 'draft' ? (
          <Form method="post" className="blog-schedule">
            <AuthenticityTokenInput />
            <div className="form-field">
              <label htmlFor="publish-at">{t('actions.scheduleAt')}</label>
              <input
                id="publish-at"
                type="datetime-local"
                name="publishAt"
                required
                defaultValue={post.scheduledAt ? almatyLocalInput(post.scheduledAt) : ''}
              />
            </div>
            <button type="submit" name="intent" value="schedule" className="btn btn-secondary">
              {t('actions.schedule')}
            </button>
          </Form>
        ) : null}
      </section>

      <StaffForm
        key={`${post.updatedAt}-${JSON.stringify(result?.values ?? null)}`}
        errors={result?.errors}
        formError={result?.formError}
        submitLabel={t('form.save')}
        encType="multipart/form-data"
        secondary={
          <>
            <button type="submit" name="intent" value="preview" className="btn btn-secondary" formNoValidate>
              {t('form.preview')}
            </button>{' '}
            <Link to={`${location.pathname}?confirm=delete`} className="btn btn-danger">
              {t('actions.delete')}
            </Link>
          </>
        }
      >
        <PostFields values={values} errors={result?.errors ?? {}} categories={categories} lang={lang} coverUrl={post.coverImageUrl} />
      </StaffForm>
      {result?.preview ? <PostPreview preview={result.preview} /> : null}
    </section>
  );
}
