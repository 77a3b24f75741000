import type { RoleName } from '@realty/contracts';
import { eventually } from '@realty/testkit';
import { Caller, TEST_PASSWORD, freshEmail, insertUser, startAccountsApi, type AccountsApi, signInAs } from '../../test/accounts';
import { withClient } from '../../test/fixtures';
import type { ClientBase } from 'pg';

/** Resolves once `n` other sessions of this database wait for a lock (the protocol of the race test). */
async function waitForLockWaiters(client: ClientBase, n: number): Promise<void> {
  await eventually(`${n} lock waiters`, async () => {
    await client.query('SELECT pg_stat_clear_snapshot()'); // pg_stat_activity is otherwise frozen inside a transaction
    const r = await client.query(
      `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND pid <> pg_backend_pid()`,
    );
    return r.rows[0].n >= n;
  });
}

/**
 * User administration (spec 02 §7 "Users"; issue 3 item 9): list with search, filters and
 * paging; create; role and status changes; delete; the super_admin rules.
 */
describe('user administration', () => {
  let api: AccountsApi;
  let admin: Caller;
  let superAdmin: Caller;
  let superAdminId: string;
  let roleIds: Record<RoleName, number>;

  const signIn = (role: RoleName, email?: string) => signInAs(api, role, email);
  const db = <T>(sql: string, params: unknown[] = []) => withClient(api.databaseUrl, async (c) => (await c.query(sql, params)).rows as T[]);

  beforeAll(async () => {
    api = await startAccountsApi();
    roleIds = api.refs.roles;
    admin = (await signIn('admin')).caller;
    const sa = await signIn('super_admin');
    superAdmin = sa.caller;
    superAdminId = sa.id;
  });
  afterAll(() => api?.close());

  describe('GET /api/admin/users', () => {
    const tag = `lst${Date.now().toString(36)}`;
    beforeAll(async () => {
      const people: Array<[string, string, RoleName, 'active' | 'blocked']> = [
        ['Айгерим', 'Сапарова', 'manager', 'active'],
        ['Ерлан', 'Жумабаев', 'employee', 'active'],
        ['Дана', 'Ахметова', 'employee', 'blocked'],
        ['Alex', 'Kim', 'user', 'active'],
        ['Ольга', 'Бондаренко', 'user', 'blocked'],
      ];
      for (const [first, last, role, status] of people) {
        await withClient(api.databaseUrl, (c) =>
          c.query(`INSERT INTO users (email, first_name, last_name, role_id, status) VALUES ($1, $2, $3, $4, $5)`, [
            `${first.toLowerCase()}.${tag}@example.kz`,
            first,
            last,
            roleIds[role],
            status,
          ]),
        );
      }
    });
    const ids = (res: { body: { data: Array<{ email: string }> } }) => res.body.data.map((u) => u.email.split('.')[0]);

    it('lists users newest first with paging meta and never a password hash', async () => {
      const res = await admin.call('get', '/api/admin/users').expect(200);
      expect(res.body.meta).toMatchObject({ page: 1, limit: 20 });
      expect(res.body.meta.total).toBeGreaterThanOrEqual(8);
      const user = res.body.data[0];
      expect(Object.keys(user).sort()).toEqual([
        'createdAt',
        'email',
        'firstName',
        'id',
        'language',
        'lastName',
        'phone',
        'role',
        'roleId',
        'status',
        'updatedAt',
      ]);
      const created = res.body.data.map((u: { createdAt: string }) => u.createdAt);
      expect([...created].sort().reverse()).toEqual(created);
      expect(JSON.stringify(res.body)).not.toMatch(/argon2|password/i);
    });

    it('searches e-mail and names case-insensitively, filters by role and status, pages', async () => {
      expect(ids(await admin.call('get', `/api/admin/users?q=${encodeURIComponent('САПАРОВА')}`).expect(200))).toEqual(['айгерим']);
      expect(ids(await admin.call('get', `/api/admin/users?q=${encodeURIComponent('alex kim')}`).expect(200))).toEqual(['alex']);
      expect(ids(await admin.call('get', `/api/admin/users?q=${encodeURIComponent('Ахметова Дана')}`).expect(200))).toEqual(['дана']);
      expect((await admin.call('get', `/api/admin/users?q=${tag}`).expect(200)).body.meta.total).toBe(5);
      expect((await admin.call('get', `/api/admin/users?q=%25`).expect(200)).body.meta.total).toBe(0); // '%' is literal
      const employees = await admin.call('get', `/api/admin/users?q=${tag}&role=employee`).expect(200);
      expect(ids(employees).sort()).toEqual(['дана', 'ерлан']);
      const blockedEmployees = await admin.call('get', `/api/admin/users?q=${tag}&role=EMPLOYEE&status=blocked`).expect(200);
      expect(ids(blockedEmployees)).toEqual(['дана']);
      const page = await admin.call('get', `/api/admin/users?q=${tag}&limit=2&page=3`).expect(200);
      expect(page.body.meta).toEqual({ total: 5, page: 3, limit: 2, totalPages: 3 });
      expect(page.body.data).toHaveLength(1);
    });

    it('rejects bad parameters with field messages', async () => {
      const res = await admin.call('get', '/api/admin/users?role=owner&status=gone&page=0&limit=abc&sort=x').expect(400);
      expect(res.body.error.fields).toEqual({
        role: 'Выберите значение из списка',
        status: 'Выберите значение из списка',
        page: 'Номер страницы должен быть от 1 до 10000',
        limit: 'Должно быть целым числом',
        sort: 'Неизвестный параметр',
      });
    });

    it('GET /api/admin/roles lists the roles with their ids', async () => {
      const res = await admin.call('get', '/api/admin/roles').expect(200);
      expect(res.body.data.map((r: { name: string }) => r.name).sort()).toEqual(['admin', 'employee', 'manager', 'super_admin', 'user']);
      expect(res.body.data.find((r: { name: string }) => r.name === 'admin').id).toBe(roleIds.admin);
    });
  });

  describe('POST /api/admin/users', () => {
    const body = (roleId: number, email = freshEmail('new')) => ({
      email,
      password: 'Welcome1Staff',
      firstName: 'Нурлан',
      lastName: 'Беков',
      roleId,
    });

    it('creates an active account that can sign in', async () => {
      const b = body(roleIds.employee);
      const res = await admin.call('post', '/api/admin/users', b).expect(201);
      expect(res.body.data).toMatchObject({
        email: b.email,
        role: 'employee',
        roleId: roleIds.employee,
        status: 'active',
        firstName: 'Нурлан',
      });
      const login = await (await Caller.create(api.server)).login(b.email, 'Welcome1Staff');
      expect(login.user.role).toBe('employee');
    });

    it('refuses a super_admin made by an admin (403), allows it to a super_admin', async () => {
      const res = await admin.call('post', '/api/admin/users', body(roleIds.super_admin)).expect(403);
      expect(res.body.error.message).toBe('Только супер-администратор может назначать супер-администраторов и изменять их учётные записи');
      await superAdmin.call('post', '/api/admin/users', body(roleIds.super_admin)).expect(201);
    });

    it('answers 409 for a taken e-mail and 400 for an unknown role or bad fields', async () => {
      const b = body(roleIds.user);
      await admin.call('post', '/api/admin/users', b).expect(201);
      const taken = await admin.call('post', '/api/admin/users', { ...b, email: b.email.toUpperCase() }).expect(409);
      expect(taken.body.error.fields).toEqual({ email: 'Пользователь с таким email уже зарегистрирован' });
      const unknownRole = await admin.call('post', '/api/admin/users', body(99999)).expect(400);
      expect(unknownRole.body.error.fields).toEqual({ roleId: 'Роль не найдена' });
      const bad = await admin
        .call('post', '/api/admin/users', { email: 'x', password: 'short', firstName: '1', roleId: 'admin' })
        .expect(400);
      expect(bad.body.error.fields).toEqual({
        email: 'Неверный формат email адреса',
        password: 'Пароль должен содержать минимум 8 символов',
        firstName: 'Должно содержать от 2 до 50 символов',
        lastName: 'Фамилия обязательна для заполнения',
        roleId: 'Должно быть целым числом',
      });
    });
  });

  describe('PATCH /api/admin/users/:id/role', () => {
    it("changes the role, effective on the user's next request", async () => {
      const u = await signIn('user');
      await u.caller.call('get', '/api/admin/users').expect(403);
      const res = await admin.call('patch', `/api/admin/users/${u.id}/role`, { roleId: roleIds.admin }).expect(200);
      expect(res.body.data).toMatchObject({ id: u.id, role: 'admin', roleId: roleIds.admin });
      await u.caller.call('get', '/api/admin/users').expect(200);
      await admin.call('patch', `/api/admin/users/${u.id}/role`, { roleId: roleIds.manager }).expect(200);
      await u.caller.call('get', '/api/admin/users').expect(403);
    });

    it('refuses own role changes, super_admin changes by an admin, unknown users and roles', async () => {
      const adminId = (await admin.call('get', '/api/auth/me').expect(200)).body.data.id;
      const own = await admin.call('patch', `/api/admin/users/${adminId}/role`, { roleId: roleIds.user }).expect(403);
      expect(own.body.error.message).toBe('Нельзя изменить роль или статус собственной учётной записи или удалить её');
      const u = await signIn('manager');
      await admin.call('patch', `/api/admin/users/${u.id}/role`, { roleId: roleIds.super_admin }).expect(403);
      await admin.call('patch', `/api/admin/users/${superAdminId}/role`, { roleId: roleIds.user }).expect(403);
      await admin.call('patch', `/api/admin/users/${u.id}/role`, { roleId: 99999 }).expect(400);
      await admin.call('patch', '/api/admin/users/00000000-0000-4000-8000-000000000000/role', { roleId: roleIds.user }).expect(404);
      await admin.call('patch', '/api/admin/users/not-a-uuid/role', { roleId: roleIds.user }).expect(404);
      const missing = await admin.call('patch', `/api/admin/users/${u.id}/role`, {}).expect(400);
      expect(missing.body.error.fields).toEqual({ roleId: 'Должно быть целым числом' });
    });
  });

  describe('PATCH /api/admin/users/:id/status', () => {
    it('blocking ends every session at once and stops sign-in; unblocking lets the user in again', async () => {
      const u = await signIn('employee');
      const second = await Caller.create(api.server);
      const secondSession = await second.login(u.email);
      const res = await admin.call('patch', `/api/admin/users/${u.id}/status`, { status: 'blocked' }).expect(200);
      expect(res.body.data.status).toBe('blocked');
      await u.caller.call('get', '/api/auth/me').expect(401);
      await second.call('post', '/api/auth/refresh', { refreshToken: secondSession.tokens.refreshToken }).expect(401);
      const login = await (
        await Caller.create(api.server)
      )
        .call('post', '/api/auth/login', { email: u.email, password: TEST_PASSWORD })
        .expect(403);
      expect(login.body.error.message).toBe('Учётная запись заблокирована. Обратитесь к администратору');
      const open = await db<{ n: number }>(`SELECT count(*)::int AS n FROM auth_sessions WHERE user_id = $1 AND revoked_at IS NULL`, [
        u.id,
      ]);
      expect(open[0].n).toBe(0);

      await admin.call('patch', `/api/admin/users/${u.id}/status`, { status: 'active' }).expect(200);
      await (await Caller.create(api.server)).login(u.email);
      const bad = await admin.call('patch', `/api/admin/users/${u.id}/status`, { status: 'deleted' }).expect(400);
      expect(bad.body.error.fields).toEqual({ status: 'Выберите значение из списка' });
    });

    it('an admin cannot block a super_admin', async () => {
      await admin.call('patch', `/api/admin/users/${superAdminId}/status`, { status: 'blocked' }).expect(403);
    });
  });

  describe('DELETE /api/admin/users/:id', () => {
    it('deletes the account (204); its tokens stop; a second delete is 404', async () => {
      const u = await signIn('user');
      await admin.call('delete', `/api/admin/users/${u.id}`).expect(204);
      await u.caller.call('get', '/api/auth/me').expect(401);
      await admin.call('delete', `/api/admin/users/${u.id}`).expect(404);
      expect(await db(`SELECT 1 FROM users WHERE id = $1`, [u.id])).toEqual([]);
    });

    it("refuses to delete a super_admin for an admin, and one's own account", async () => {
      await admin.call('delete', `/api/admin/users/${superAdminId}`).expect(403);
      const adminId = (await admin.call('get', '/api/auth/me').expect(200)).body.data.id;
      await admin.call('delete', `/api/admin/users/${adminId}`).expect(403);
    });
  });

  describe('the last active super_admin', () => {
    let api2: AccountsApi;
    beforeAll(async () => {
      api2 = await startAccountsApi();
    });
    afterAll(() => api2?.close());

    const signIn2 = async (role: RoleName) => {
      const email = freshEmail(role);
      const id = await insertUser(api2, { email, role });
      const caller = await Caller.create(api2.server);
      await caller.login(email);
      return { caller, id };
    };

    it('cannot be demoted, blocked or deleted (409), even by themself', async () => {
      const only = await signIn2('super_admin');
      const message = 'Нельзя понизить, заблокировать или удалить последнего активного супер-администратора';
      for (const [method, path, body] of [
        ['patch', 'role', { roleId: api2.refs.roles.admin }],
        ['patch', 'status', { status: 'blocked' }],
        ['delete', '', undefined],
      ] as const) {
        const res = await only.caller.call(method, `/api/admin/users/${only.id}${path ? `/${path}` : ''}`, body).expect(409);
        expect(res.body.error).toEqual({ code: 'CONFLICT', message });
      }
      // with a second super_admin, one can demote the other; then the survivor is the last one again
      const second = await signIn2('super_admin');
      await only.caller.call('patch', `/api/admin/users/${second.id}/role`, { roleId: api2.refs.roles.admin }).expect(200);
      await second.caller.call('patch', `/api/admin/users/${only.id}/role`, { roleId: api2.refs.roles.user }).expect(403);
      // a blocked super_admin does not count as a remaining one
      const blocked = await signIn2('super_admin');
      await only.caller.call('patch', `/api/admin/users/${blocked.id}/status`, { status: 'blocked' }).expect(200);
      await only.caller.call('patch', `/api/admin/users/${only.id}/status`, { status: 'blocked' }).expect(409);
    });

    it('survives two super_admins demoting each other at the same moment: one wins, the other is refused', async () => {
      const [a, b] = [await signIn2('super_admin'), await signIn2('super_admin')];
      // demote every other super_admin first so a and b are the only active ones
      const others = await withClient(api2.databaseUrl, (c) =>
        c.query(
          `SELECT u.id FROM users u JOIN roles r ON r.id = u.role_id WHERE r.name = 'super_admin' AND u.status = 'active' AND u.id <> ALL($1)`,
          [[a.id, b.id]],
        ),
      );
      for (const row of others.rows)
        await a.caller.call('patch', `/api/admin/users/${row.id}/role`, { roleId: api2.refs.roles.admin }).expect(200);

      // Hold both rows so the two requests pass their access checks and then meet at the lock.
      const results = await withClient(api2.databaseUrl, async (holder) => {
        await holder.query('BEGIN');
        await holder.query(`SELECT id FROM users WHERE id = ANY($1) FOR UPDATE`, [[a.id, b.id]]);
        const pending = Promise.all([
          a.caller.call('patch', `/api/admin/users/${b.id}/role`, { roleId: api2.refs.roles.admin }),
          b.caller.call('patch', `/api/admin/users/${a.id}/role`, { roleId: api2.refs.roles.admin }),
        ]);
        await waitForLockWaiters(holder, 2);
        await holder.query('COMMIT');
        return pending;
      });
      // the loser is checked under the lock: no longer a super_admin itself, it may not touch one
      expect(results.map((r) => r.status).sort()).toEqual([200, 403]);
      const left = await withClient(api2.databaseUrl, (c) =>
        c.query(
          `SELECT count(*)::int AS n FROM users u JOIN roles r ON r.id = u.role_id WHERE r.name = 'super_admin' AND u.status = 'active'`,
        ),
      );
      expect(left.rows[0].n).toBe(1);
    });
  });
});
