import { startListeningApi, type ListeningApi } from '@realty/test-api';
import { ApiValidationError, createApiClient, memoryCsrfStore, type ApiClient } from './index';

/**
 * `staffListings` against the real API (issue 21; spec 02 §2, §7): the keyset list with its
 * cursor, the bulk status change with per-listing refusals, the employee dashboard.
 */
let api: ListeningApi;
let employee: ApiClient;
let employeeId: string;

beforeAll(async () => {
  api = await startListeningApi();
  const email = `staff-list.${Date.now().toString(36)}@example.kz`;
  employeeId = await api.addUser({ email, role: 'employee' });
  const session = await createApiClient({ baseUrl: api.url, csrf: memoryCsrfStore() }).auth.login({ email, password: api.password });
  employee = createApiClient({ baseUrl: api.url, token: session.tokens.accessToken, csrf: memoryCsrfStore(), lang: 'en' });
  await api.query(`UPDATE properties SET owner_id = $1 WHERE id = ANY($2::uuid[])`, [
    employeeId,
    api.listings.slice(0, 2).map((l) => l.id),
  ]);
  // starting an API and an argon2 sign-in outlast the default 5 s on a loaded machine
}, 30_000);
afterAll(() => api?.close());

describe('staffListings', () => {
  it('lists all listings by keyset pages, mine by default; the next cursor continues', async () => {
    const mine = await employee.staffListings.list();
    expect(mine.items.every((i) => i.owner?.id === employeeId)).toBe(true);
    const first = await employee.staffListings.list({ scope: 'all', sort: 'price', dir: 'asc', limit: 2 });
    expect(first.items).toHaveLength(2);
    expect(first.meta.nextCursor).toEqual(expect.any(String));
    const second = await employee.staffListings.list({ scope: 'all', sort: 'price', dir: 'asc', limit: 2, cursor: first.meta.nextCursor! });
    expect(second.meta.page).toBe(2);
    expect(second.items[0].price).toBeGreaterThanOrEqual(first.items[1].price);
    expect(second.items.map((i) => i.id)).not.toContain(first.items[1].id);
    await expect(employee.staffListings.list({ scope: 'all', sort: 'area', cursor: first.meta.nextCursor! })).rejects.toBeInstanceOf(
      ApiValidationError,
    );
  });

  it('changes the status in bulk and tells what it refused; the dashboard counts by status', async () => {
    const [own] = (await employee.staffListings.list({ status: 'active' })).items;
    const someoneElses = (await employee.staffListings.list({ scope: 'all', limit: 100 })).items.find((i) => !i.editable)!;
    const result = await employee.staffListings.bulkStatus([own.id, someoneElses.id], 'inactive');
    expect(result).toEqual({ updated: [own.id], refused: [{ id: someoneElses.id, reason: 'notOwner' }] });
    const dashboard = await employee.staffListings.dashboard();
    expect(dashboard.listings.total).toBe(2);
    expect(dashboard.listings.inactive).toBeGreaterThanOrEqual(1);
  });
});
