import { startListeningApi, type ListeningApi } from '@realty/test-api';
import { ApiError, ApiValidationError, createApiClient, memoryCsrfStore, type ApiClient } from './index';

/**
 * `blogDesk` against the real API (issue 23): create (sanitised), list, moderate (admin),
 * publish, schedule, preview, auto-month batch, cover upload (multipart without CSRF), remove;
 * 400 as ApiValidationError in the client's language; a manager's moderation is ApiError 403.
 */
let api: ListeningApi;
let admin: ApiClient;
let manager: ApiClient;

async function signedIn(role: 'admin' | 'manager'): Promise<ApiClient> {
  const email = `desk.${role}.${Date.now().toString(36)}@example.kz`;
  await api.addUser({ email, role });
  const session = await createApiClient({ baseUrl: api.url, csrf: memoryCsrfStore() }).auth.login({ email, password: api.password });
  return createApiClient({ baseUrl: api.url, token: session.tokens.accessToken, csrf: memoryCsrfStore(), lang: 'en' });
}

beforeAll(async () => {
  api = await startListeningApi();
  admin = await signedIn('admin');
  manager = await signedIn('manager');
});
afterAll(() => api?.close());

describe('blogDesk', () => {
  it('writes, moderates, publishes, schedules, previews and removes posts', async () => {
    const slug = `client-desk-${Date.now().toString(36)}`;
    const post = await manager.blogDesk.create({
      title: { ru: 'Статья через клиент' },
      content: { ru: '<p>Текст<script>x()</script></p>' },
      slug,
    });
    expect(post).toMatchObject({ slug, status: 'draft', moderationStatus: 'pending', content: { ru: '<p>Текст</p>' } });
    const list = await manager.blogDesk.list({ q: slug });
    expect(list.items.map((p) => p.id)).toEqual([post.id]);
    expect((await manager.blogDesk.get(post.id)).id).toBe(post.id);

    const refused = await manager.blogDesk.moderate(post.id, { status: 'approved' }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).status).toBe(403);
    const early = await manager.blogDesk.setStatus(post.id, 'published').catch((e: unknown) => e);
    expect(early).toBeInstanceOf(ApiValidationError);
    expect((early as ApiValidationError).fields.status).toBe('Only an approved post can be published');

    expect((await admin.blogDesk.moderate(post.id, { status: 'approved' })).moderationStatus).toBe('approved');
    const scheduled = await manager.blogDesk.schedule(post.id, '2031-01-07T10:00');
    expect(scheduled.scheduledAt).toBe('2031-01-07T05:00:00.000Z');
    expect((await manager.blogDesk.setStatus(post.id, 'published')).isPublic).toBe(true);
    expect(await manager.blogDesk.preview('<b>ok</b><img src="javascript:x">')).toEqual({ html: '<b>ok</b>' });

    const batch = await manager.blogDesk.autoMonth({ startDate: '2031-02-01', languages: ['ru'] });
    expect(batch).toMatchObject({ status: 'queued', total: 8, done: 0 });
    expect((await manager.blogDesk.batch(batch.id)).id).toBe(batch.id);

    expect(await manager.blogDesk.remove(post.id)).toBeNull();
  });

  it('uploads a cover (multipart, no CSRF token)', async () => {
    // the smallest valid PNG (1x1)
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
    const form = new FormData();
    form.append('file', new Blob([png], { type: 'image/png' }), 'cover.png');
    const { key, url } = await manager.blogDesk.cover(form);
    expect(key).toMatch(/^blog\/covers\/[0-9a-f-]{36}\.png$/);
    expect(url).toContain(key);
  });
});
