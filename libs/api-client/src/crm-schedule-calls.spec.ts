import { startListeningApi, type ListeningApi } from '@realty/test-api';
import { ApiError, ApiValidationError, createApiClient, memoryCsrfStore, type ApiClient } from './index';

/**
 * `crmSchedule` against the real API (issue 22): tasks (create, list my / all, complete, bulk,
 * remove), viewings (book; a double booking is ApiError 409 VIEWING_AGENT_BUSY with the API's
 * message in the client's language), the calendar range and an event, the activity feed.
 */
let api: ListeningApi;
let agent: ApiClient;
let agentId: string;

beforeAll(async () => {
  api = await startListeningApi();
  const email = `schedule.agent.${Date.now().toString(36)}@example.kz`;
  agentId = await api.addUser({ email, role: 'employee' });
  const session = await createApiClient({ baseUrl: api.url, csrf: memoryCsrfStore() }).auth.login({ email, password: api.password });
  agent = createApiClient({ baseUrl: api.url, token: session.tokens.accessToken, csrf: memoryCsrfStore(), lang: 'en' });
});
afterAll(() => api?.close());

describe('crmSchedule', () => {
  it('tasks: create, list, complete, bulk complete, remove; 400 as ApiValidationError', async () => {
    const task = await agent.crmSchedule.tasks.create({ title: 'Call the client', dueDate: '2030-01-10T10:00' });
    expect(task).toMatchObject({ status: 'pending', dueDate: '2030-01-10T05:00:00.000Z' });
    expect(task.assignee?.id).toBe(agentId);
    const mine = await agent.crmSchedule.tasks.list({ scope: 'all', q: 'call the' });
    expect(mine.items.map((t) => t.id)).toEqual([task.id]);
    expect(mine.meta.total).toBe(1);
    expect((await agent.crmSchedule.tasks.complete(task.id)).status).toBe('completed');
    const other = await agent.crmSchedule.tasks.create({ title: 'Send the documents' });
    expect(await agent.crmSchedule.tasks.bulkComplete([other.id, task.id])).toEqual({
      completed: [other.id],
      refused: [{ id: task.id, reason: 'unchanged' }],
    });
    expect(await agent.crmSchedule.tasks.remove(other.id)).toBeNull();
    const bad = await agent.crmSchedule.tasks.create({ title: '' }).catch((e: unknown) => e);
    expect(bad).toBeInstanceOf(ApiValidationError);
    expect((bad as ApiValidationError).fields.title).toBe('Title: 1 to 200 characters');
  });

  it('viewings: book, 409 on a double booking, options; calendar range and events; the feed', async () => {
    const options = await agent.crmSchedule.viewings.options();
    expect(options.properties.length).toBeGreaterThan(1);
    const [p1, p2] = options.properties;
    const v = await agent.crmSchedule.viewings.create({ propertyId: p1.id, startsAt: '2030-02-01T15:00', durationMinutes: 30 });
    expect(v).toMatchObject({ status: 'scheduled', durationMinutes: 30 });
    const clash = await agent.crmSchedule.viewings.create({ propertyId: p2.id, startsAt: '2030-02-01T15:15' }).catch((e: unknown) => e);
    expect(clash).toBeInstanceOf(ApiError);
    expect((clash as ApiError).status).toBe(409);
    expect((clash as ApiError).serverCode).toBe('VIEWING_AGENT_BUSY');
    expect((clash as ApiError).message).toBe('The agent already has a viewing at this time');

    const event = await agent.crmSchedule.calendar.create({
      title: 'Team meeting',
      startsAt: '2030-02-01T09:00',
      endsAt: '2030-02-01T10:00',
    });
    const items = await agent.crmSchedule.calendar.range({ start: '2030-02-01', end: '2030-02-02' });
    expect(items.map((i) => [i.kind, i.id])).toEqual([
      ['event', event.id],
      ['viewing', v.id],
    ]);
    expect(await agent.crmSchedule.calendar.remove(event.id)).toBeNull();
    expect(await agent.crmSchedule.viewings.cancel(v.id)).toBeNull();

    const feed = await agent.crmSchedule.activities.list({ scope: 'all' });
    expect(feed.meta.nextCursor).toBeNull();
    expect(Array.isArray(feed.items)).toBe(true);
  });
});
