import { data } from '@remix-run/node';
import { ApiError, ApiValidationError } from '@realty/api-client';
import {
  BLOG_DESK_BOUNDS,
  BlogPostWriteDto,
  LANGUAGES,
  type BlogBatchDto,
  type BlogCategoryDto,
  type BlogKind,
  type BlogModerationStatus,
  type BlogPostStatus,
  type Language,
  type PageMeta,
} from '@realty/contracts';
import { i18nServer } from '~/i18n.server';
import { requireUser, rethrowAuthError, type SignedInAuth } from '~/lib/auth/auth.server';
import { readOrFail, uuidOf } from '~/lib/crm-schedule/schedule.server';
import { redirectWithToast } from '~/lib/forms/toast.server';
import { formInput, readStaffPost, submitStaffForm, type StaffFormResult } from '~/lib/staff/staff-form.server';
import { readTableQuery } from '~/lib/staff/table-query';
import { DESK_ROLES, POST_FORM_FIELDS, deskPath, deskTable, kindOfPath, type DeskQuery } from './desk';

/** Staff pages are never cached. */
const NO_STORE = { 'Cache-Control': 'private, no-store' };

async function categories(auth: SignedInAuth): Promise<BlogCategoryDto[]> {
  return auth.api.blog.categories().catch(() => []);
}

/** GET the list (/dashboard/admin/blog | news): filters, sort and page from the URL; `?batch=` shows an auto-month's progress. */
export async function deskListLoader(request: Request) {
  const url = new URL(request.url);
  const kind = kindOfPath(url.pathname);
  const auth = await requireUser(request, DESK_ROLES);
  const t = await i18nServer.getFixedT(auth.lang, 'blogDesk');
  const td = await i18nServer.getFixedT(auth.lang, 'dashboard');
  const table = deskTable(kind);
  const query: DeskQuery = readTableQuery(table, url.searchParams);
  const f = query.filters;
  const { value, failed } = await readOrFail(request, auth, () =>
    auth.api.blogDesk.list({
      kind,
      q: f.q || undefined,
      status: (f.status || undefined) as BlogPostStatus | undefined,
      moderation: (f.moderation || undefined) as BlogModerationStatus | undefined,
      sort: query.sort,
      dir: query.dir,
      page: query.page,
      limit: BLOG_DESK_BOUNDS.pageSize,
    }),
  );
  const batchId = uuidOf(url.searchParams.get('batch'));
  const batch: BlogBatchDto | null = batchId ? await auth.api.blogDesk.batch(batchId).catch(() => null) : null;
  const meta: PageMeta = value?.meta ?? { total: 0, page: 1, limit: BLOG_DESK_BOUNDS.pageSize, totalPages: 0 };
  return data(
    {
      title: td('meta.title', { page: t(`title.${kind}`) }),
      kind,
      lang: auth.lang,
      query,
      rows: value?.items ?? [],
      meta,
      failed,
      batch,
      today: new Date().toISOString().slice(0, 10),
    },
    { status: failed ? 503 : 200, headers: await auth.headers(NO_STORE) },
  );
}

/** POST the list: intent=autoMonth {startDate, languages} -> the list with ?batch=<id> (its progress). */
export async function deskListAction(request: Request) {
  const kind = kindOfPath(new URL(request.url).pathname);
  const path = deskPath(kind);
  const { form, auth } = await readStaffPost(request, DESK_ROLES, path);
  const t = await i18nServer.getFixedT(auth.lang, 'blogDesk');
  const td = await i18nServer.getFixedT(auth.lang, 'dashboard');
  const startDate = String(form.get('startDate') ?? '');
  const languages = form.getAll('languages').filter((v): v is Language => (LANGUAGES as readonly string[]).includes(String(v)));
  try {
    const batch = await auth.api.blogDesk.autoMonth({ startDate, languages: languages.length ? languages : undefined, kind });
    return redirectWithToast(
      request,
      `${path}?batch=${batch.id}`,
      { title: t('toast.autoMonthQueued') },
      { headers: await auth.headers() },
    );
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) await rethrowAuthError(request, auth, error);
    const message = error instanceof ApiError && error.status < 500 ? error.serverMessage || error.message : td('loadError');
    return redirectWithToast(
      request,
      path,
      { title: td('error'), description: message, variant: 'destructive' },
      { headers: await auth.headers() },
    );
  }
}

/** The preview of every language the form has: each body through the API's (the public page's) sanitiser. */
async function previewOf(auth: SignedInAuth, input: Record<string, unknown>) {
  const content = (input.content ?? {}) as Partial<Record<Language, string>>;
  const out: Partial<Record<Language, string>> = {};
  for (const lang of LANGUAGES) if (content[lang]) out[lang] = (await auth.api.blogDesk.preview(content[lang]!)).html;
  return out;
}

/** GET /dashboard/admin/{kind}/new: the empty form. */
export async function deskNewLoader(request: Request) {
  const kind = kindOfPath(new URL(request.url).pathname);
  const auth = await requireUser(request, DESK_ROLES);
  const t = await i18nServer.getFixedT(auth.lang, 'blogDesk');
  const td = await i18nServer.getFixedT(auth.lang, 'dashboard');
  return data(
    { title: td('meta.title', { page: t(`create.${kind}`) }), kind, lang: auth.lang, categories: await categories(auth) },
    { headers: await auth.headers(NO_STORE) },
  );
}

export type DeskFormResult = StaffFormResult & { preview?: Partial<Record<Language, string>> };

/** POST new: intent=preview (the sanitised preview, nothing stored) or save (create -> the edit page). */
export async function deskNewAction(request: Request) {
  const kind = kindOfPath(new URL(request.url).pathname);
  const self = `${deskPath(kind)}/new`;
  const { form, auth, intent } = await readStaffPost(request, DESK_ROLES, self);
  const t = await i18nServer.getFixedT(auth.lang, 'blogDesk');
  const settled = await settleCover(auth, form, { ...formInput(form, POST_FORM_FIELDS), kind });
  if (intent === 'preview') return previewAnswer(auth, settled);
  return submitStaffForm({
    request,
    auth,
    Dto: BlogPostWriteDto,
    input: settled.input,
    values: settled.values,
    check: () => (settled.coverError ? { coverImageKey: settled.coverError } : null),
    write: (value) => auth.api.blogDesk.create(withoutRemovedCover(form, value)),
    success: (post) => ({ to: `${deskPath(kind)}/${post.id}`, toast: { title: t('toast.created') } }),
  });
}

/**
 * The form's cover, settled before anything else: a chosen file is uploaded at once (POST
 * /api/blog/cover), so a preview or a refused save keeps it (the browser empties the file field
 * when the form comes back; the key and its URL come back instead). A failed upload (413, 415,
 * 400, or the API unreachable) is the field's error. `values` is what the form shows again: the input with the new key,
 * the cover's URL and the state of "remove".
 */
async function settleCover(
  auth: SignedInAuth,
  form: FormData,
  input: Record<string, unknown>,
): Promise<{ input: Record<string, unknown>; values: Record<string, unknown>; coverError: string | null }> {
  const coverRemove = form.get('coverRemove') === 'on';
  const file = form.get('cover');
  let coverUrl: string | null = null;
  let coverError: string | null = null;
  if (file instanceof Blob && file.size > 0) {
    const body = new FormData();
    body.append('file', file, 'cover');
    try {
      const uploaded = await auth.api.blogDesk.cover(body);
      input = { ...input, coverImageKey: uploaded.key };
      coverUrl = uploaded.url;
    } catch (error) {
      // The form comes back with the reason on the cover field (too large, not an image, the API
      // unreachable): nothing typed is lost. A lapsed session goes on to the sign-in as elsewhere.
      if (error instanceof ApiError && error.status === 401) throw error;
      coverError = (error instanceof ApiError && error.serverMessage) || (error as Error).message || String(error);
    }
  }
  return { input, values: { ...input, coverRemove, ...(coverUrl ? { coverUrl } : {}) }, coverError };
}

/** "Remove the cover" ticked: the save clears it. */
const withoutRemovedCover = <T extends { coverImageKey?: string | null }>(form: FormData, value: T): T =>
  form.get('coverRemove') === 'on' ? { ...value, coverImageKey: null } : value;

async function previewAnswer(
  auth: SignedInAuth,
  settled: { input: Record<string, unknown>; values: Record<string, unknown>; coverError: string | null },
) {
  let preview: Partial<Record<Language, string>> = {};
  try {
    preview = await previewOf(auth, settled.input);
  } catch {
    preview = {};
  }
  // The form comes back with the sanitised bodies: the editor is never handed markup the site would drop.
  const values = { ...settled.values, content: { ...((settled.input.content as object) ?? {}), ...preview } };
  const errors: Record<string, string> = settled.coverError ? { coverImageKey: settled.coverError } : {};
  return data<DeskFormResult>({ errors, formError: null, values, preview }, { headers: await auth.headers(NO_STORE) });
}

/**
 * A one-button POST: `write`, then `to` with a success toast; a refusal back to `failTo` with
 * its message as an error toast (a 400's field messages, e.g. "only an approved post can be
 * published", rather than the generic validation title).
 */
async function writeAndReturn(request: Request, auth: SignedInAuth, to: string, write: () => Promise<unknown>, done: string, failTo = to) {
  const td = await i18nServer.getFixedT(auth.lang, 'dashboard');
  try {
    await write();
    return redirectWithToast(request, to, { title: done }, { headers: await auth.headers() });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) await rethrowAuthError(request, auth, error);
    const message =
      error instanceof ApiValidationError && Object.keys(error.fields).length
        ? Object.values(error.fields).join(' ')
        : error instanceof ApiError && error.status < 500
          ? error.serverMessage || error.message
          : td('loadError');
    return redirectWithToast(
      request,
      failTo,
      { title: td('error'), description: message, variant: 'destructive' },
      { headers: await auth.headers() },
    );
  }
}

function notFound(): never {
  throw data({ code: 'NOT_FOUND' }, { status: 404 });
}

/** GET /dashboard/admin/{kind}/{id}: the post, the categories, `?confirm=delete`. */
export async function deskEditLoader(request: Request, idParam: string | undefined) {
  const url = new URL(request.url);
  const kind = kindOfPath(url.pathname);
  const id = uuidOf(idParam) ?? notFound();
  const auth = await requireUser(request, DESK_ROLES);
  const t = await i18nServer.getFixedT(auth.lang, 'blogDesk');
  const td = await i18nServer.getFixedT(auth.lang, 'dashboard');
  const post = await readOrFail(request, auth, () => auth.api.blogDesk.get(id));
  if (post.failed || !post.value) throw data({ code: 'SERVICE_UNAVAILABLE' }, { status: 503, headers: await auth.headers() });
  return data(
    {
      title: td('meta.title', { page: t('editTitle', { title: post.value.title.ru ?? '' }) }),
      kind,
      lang: auth.lang,
      post: post.value,
      categories: await categories(auth),
      moderator: ['admin', 'super_admin'].includes(auth.user.role),
      confirm: url.searchParams.get('confirm') === 'delete',
    },
    { headers: await auth.headers(NO_STORE) },
  );
}

/**
 * POST edit: intent save | preview | approve | reject (note) | toPending | publish | unpublish |
 * archive | schedule (publishAt) | delete. One-button actions come back with a toast.
 */
export async function deskEditAction(request: Request, idParam: string | undefined) {
  const kind = kindOfPath(new URL(request.url).pathname);
  const id = uuidOf(idParam) ?? notFound();
  const list = deskPath(kind);
  const self = `${list}/${id}`;
  const { form, auth, intent } = await readStaffPost(request, DESK_ROLES, self);
  const t = await i18nServer.getFixedT(auth.lang, 'blogDesk');
  const desk = auth.api.blogDesk;
  const note = String(form.get('note') ?? '').trim() || null;
  const moderate = (status: BlogModerationStatus) =>
    writeAndReturn(request, auth, self, () => desk.moderate(id, { status, note }), t('toast.moderated'));
  const status = (s: BlogPostStatus) => writeAndReturn(request, auth, self, () => desk.setStatus(id, s), t('toast.statusChanged'));
  switch (intent) {
    case 'delete':
      return writeAndReturn(request, auth, list, () => desk.remove(id), t('toast.deleted'), self);
    case 'approve':
      return moderate('approved');
    case 'reject':
      return moderate('rejected');
    case 'toPending':
      return moderate('pending');
    case 'publish':
      return status('published');
    case 'unpublish':
      return status('draft');
    case 'archive':
      return status('archived');
    case 'schedule':
      return writeAndReturn(request, auth, self, () => desk.schedule(id, String(form.get('publishAt') ?? '')), t('toast.scheduled'));
    default:
      break;
  }
  const settled = await settleCover(auth, form, { ...formInput(form, POST_FORM_FIELDS), kind: String(form.get('kind') || kind) });
  if (intent === 'preview') return previewAnswer(auth, settled);
  return submitStaffForm({
    request,
    auth,
    Dto: BlogPostWriteDto,
    input: settled.input,
    values: settled.values,
    check: () => (settled.coverError ? { coverImageKey: settled.coverError } : null),
    write: (value) => desk.update(id, withoutRemovedCover(form, value)),
    success: () => ({ to: self, toast: { title: t('toast.saved') } }),
  });
}

export type { BlogKind };
