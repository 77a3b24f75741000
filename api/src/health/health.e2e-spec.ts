import request from 'supertest';
import { startTestApi } from '../../test/harness';

describe('GET /api/health', () => {
  let api: Awaited<ReturnType<typeof startTestApi>>;
  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(() => api.close());

  it('reports PostgreSQL and Redis as up inside the success envelope', async () => {
    const res = await request(api.app.getHttpServer()).get('/api/health').expect(200);
    expect(res.body.status).toBe('success');
    expect(res.body.data.status).toBe('ok');
    expect(res.body.data.postgres.up).toBe(true);
    expect(res.body.data.redis.up).toBe(true);
  });

  it('answers an unknown route with the 404 envelope in Russian by default', async () => {
    const res = await request(api.app.getHttpServer()).get('/api/no-such-thing').expect(404);
    expect(res.body).toEqual({ status: 'error', error: { code: 'NOT_FOUND', message: 'Ресурс не найден' } });
  });

  it('translates the error into the language asked by Accept-Language', async () => {
    const res = await request(api.app.getHttpServer()).get('/api/no-such-thing').set('Accept-Language', 'en-US,en;q=0.9').expect(404);
    expect(res.body.error.message).toBe('Resource not found');
  });
});
