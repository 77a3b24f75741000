import { JwtService } from '@nestjs/jwt';
import { Caller, TEST_PASSWORD, freshEmail, insertUser, redisKeys, startAccountsApi, type AccountsApi } from '../../test/accounts';
import { withClient } from '../../test/fixtures';

/**
 * Accounts and sessions (spec 01 §3, §5, §7, §8; issue 3 items 1-4, 6, 10): register, login,
 * me, refresh rotation and reuse detection, logout, brute-force limit, blocked users,
 * access-token checks. The own profile, change password and forgot password:
 * auth.profile.e2e-spec.ts.
 */

const JWT_SECRET = 'test-secret-of-the-auth-suite-0123456789abcdef';
const DAY_MS = 24 * 3600 * 1000;

describe('accounts and sessions', () => {
  let api: AccountsApi;
  let anon: Caller;

  beforeAll(async () => {
    api = await startAccountsApi({ env: { JWT_SECRET, PUBLIC_WEB_URL: 'https://bc.example.kz/' } });
    anon = await Caller.create(api.server);
  });
  afterAll(() => api?.close());

  const db = <T>(sql: string, params: unknown[] = []) => withClient(api.databaseUrl, async (c) => (await c.query(sql, params)).rows as T[]);
  const fresh = async () => Caller.create(api.server);
  const validRegistration = () => ({
    email: freshEmail('reg'),
    password: 'Str0ngPass',
    firstName: 'Әлия',
    lastName: 'Нурланова-Smith',
    phone: '+7 (701) 123-45-67',
    language: 'kk',
  });

  describe('POST /api/auth/register', () => {
    it('creates a user account, answers 201 {tokens, user} and the tokens work', async () => {
      const body = { ...validRegistration(), email: '  New.Person@Example.KZ ' };
      const res = await (await fresh()).call('post', '/api/auth/register', body).expect(201);
      const { tokens, user } = res.body.data;
      expect(user).toEqual({
        id: expect.any(String),
        email: 'new.person@example.kz',
        role: 'user',
        firstName: 'Әлия',
        lastName: 'Нурланова-Smith',
        phone: '+7 (701) 123-45-67',
        language: 'kk',
      });
      expect(tokens).toEqual({
        accessToken: expect.any(String),
        refreshToken: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
        expiresIn: 900,
        refreshExpiresAt: expect.any(String),
      });
      expect(Math.abs(Date.parse(tokens.refreshExpiresAt) - Date.now() - DAY_MS)).toBeLessThan(60_000);
      const me = await (await fresh()).as(tokens.accessToken).call('get', '/api/auth/me').expect(200);
      expect(me.body.data).toEqual(user);
      const [row] = await db<{ password_hash: string }>(`SELECT password_hash FROM users WHERE id = $1`, [user.id]);
      expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$/);
      expect(row.password_hash.split('$')[3].split(',').sort()).toEqual(['m=19456', 'p=1', 't=2']);
      expect(JSON.stringify(res.body)).not.toContain('argon2');
    });

    it('answers 409 CONFLICT with fields.email for a taken e-mail, whatever its case', async () => {
      const body = validRegistration();
      await (await fresh()).call('post', '/api/auth/register', body).expect(201);
      const res = await (await fresh()).call('post', '/api/auth/register', { ...body, email: body.email.toUpperCase() }).expect(409);
      expect(res.body.error).toEqual({
        code: 'CONFLICT',
        message: 'Пользователь с таким email уже зарегистрирован',
        fields: { email: 'Пользователь с таким email уже зарегистрирован' },
      });
    });

    it.each<[string, Record<string, unknown>, string, string]>([
      ['email missing', { email: undefined }, 'email', 'Email обязателен для заполнения'],
      ['email blank', { email: '   ' }, 'email', 'Email обязателен для заполнения'],
      ['email malformed', { email: 'not-an-email' }, 'email', 'Неверный формат email адреса'],
      ['password missing', { password: undefined }, 'password', 'Пароль обязателен для заполнения'],
      ['password short', { password: 'Ab1cdef' }, 'password', 'Пароль должен содержать минимум 8 символов'],
      ['password without upper case', { password: 'abcdefgh1' }, 'password', 'Пароль должен содержать строчные и заглавные буквы и цифры'],
      ['password without a digit', { password: 'Abcdefghij' }, 'password', 'Пароль должен содержать строчные и заглавные буквы и цифры'],
      ['password without lower case', { password: 'ABCDEFGH1' }, 'password', 'Пароль должен содержать строчные и заглавные буквы и цифры'],
      ['password too long', { password: `Aa1${'x'.repeat(126)}` }, 'password', 'Пароль не должен превышать 128 символов'],
      ['passwords differ', { confirmPassword: 'Other1234' }, 'confirmPassword', 'Пароли не совпадают'],
      ['first name missing', { firstName: '' }, 'firstName', 'Имя обязательно для заполнения'],
      ['first name short', { firstName: 'А' }, 'firstName', 'Должно содержать от 2 до 50 символов'],
      ['first name long', { firstName: 'А'.repeat(51) }, 'firstName', 'Должно содержать от 2 до 50 символов'],
      ['first name with digits', { firstName: 'Anna1' }, 'firstName', 'Допустимы только буквы (кириллица или латиница), пробелы и дефисы'],
      ['last name missing', { lastName: undefined }, 'lastName', 'Фамилия обязательна для заполнения'],
      [
        'last name with symbols',
        { lastName: 'Smith<script>' },
        'lastName',
        'Допустимы только буквы (кириллица или латиница), пробелы и дефисы',
      ],
      ['phone too short', { phone: '+7 701 12' }, 'phone', 'Номер телефона должен содержать минимум 10 цифр'],
      ['phone with letters', { phone: '+7 701 ABC 45 67' }, 'phone', 'Неверный формат номера телефона'],
      ['phone too long', { phone: '+7 701 123 45 67 89 012' }, 'phone', 'Неверный формат номера телефона'],
      ['language unknown', { language: 'de' }, 'language', 'Выберите значение из списка'],
      ['role smuggled in', { role: 'super_admin' }, 'role', 'Неизвестный параметр'],
    ])('400 for %s with the spec message', async (_name, change, field, message) => {
      const res = await (await fresh()).call('post', '/api/auth/register', { ...validRegistration(), ...change }).expect(400);
      expect(res.body.error.code).toBe('VALIDATION_ERROR');
      expect(res.body.error.message).toBe('Произошла ошибка валидации');
      expect(res.body.error.fields[field]).toBe(message);
    });

    it('translates field messages (Accept-Language: en)', async () => {
      const res = await (await fresh()).call('post', '/api/auth/register', {}).set('Accept-Language', 'en').expect(400);
      expect(res.body.error.fields).toEqual({
        email: 'Email is required',
        password: 'Password is required',
        firstName: 'First name is required',
        lastName: 'Last name is required',
      });
    });

    it('accepts no phone, and answers 429 after 10 registrations per IP in 15 minutes', async () => {
      const caller = await fresh();
      const { phone: _phone, ...noPhone } = validRegistration();
      const ok = await caller.call('post', '/api/auth/register', noPhone).expect(201);
      expect(ok.body.data.user.phone).toBeNull();
      for (let i = 0; i < 9; i++) await caller.call('post', '/api/auth/register', {}).expect(400);
      const res = await caller.call('post', '/api/auth/register', validRegistration()).expect(429);
      expect(res.body.error).toEqual({ code: 'RATE_LIMIT', message: 'Слишком много запросов. Попробуйте позже' });
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(800);
      await (await fresh()).call('post', '/api/auth/register', validRegistration()).expect(201);
    });
  });

  describe('POST /api/auth/login', () => {
    let email: string;
    let userId: string;
    beforeAll(async () => {
      email = freshEmail('login');
      userId = await insertUser(api, { email, role: 'manager', firstName: 'Светлана' });
    });

    it('answers {tokens, user} as spec 01 §7 says; the e-mail is case-insensitive; rememberMe gives 30 days', async () => {
      const res = await (
        await fresh()
      )
        .call('post', '/api/auth/login', { email: email.toUpperCase(), password: TEST_PASSWORD })
        .expect(200);
      expect(res.body.data.user).toEqual({
        id: userId,
        email,
        role: 'manager',
        firstName: 'Светлана',
        lastName: 'Тестов',
        phone: null,
        language: 'ru',
      });
      expect(Math.abs(Date.parse(res.body.data.tokens.refreshExpiresAt) - Date.now() - DAY_MS)).toBeLessThan(60_000);
      const remembered = await (await fresh()).login(email, TEST_PASSWORD, true);
      expect(Math.abs(Date.parse(remembered.tokens.refreshExpiresAt) - Date.now() - 30 * DAY_MS)).toBeLessThan(60_000);
    });

    it('answers the same 401 for a wrong password and an unknown e-mail', async () => {
      const wrong = await (await fresh()).call('post', '/api/auth/login', { email, password: 'Wrong12345' }).expect(401);
      const unknown = await (
        await fresh()
      )
        .call('post', '/api/auth/login', { email: 'ghost@example.kz', password: 'Wrong12345' })
        .expect(401);
      expect(wrong.body).toEqual({ status: 'error', error: { code: 'UNAUTHORIZED', message: 'Неверный email или пароль' } });
      expect(unknown.body).toEqual(wrong.body);
      // an account that never had a usable password (the fixture agent's hash is malformed) is just as closed
      await (await fresh()).call('post', '/api/auth/login', { email: 'agent@example.kz', password: 'Whatever1' }).expect(401);
    });

    it.each<[Record<string, unknown>, string, string]>([
      [{ password: TEST_PASSWORD }, 'email', 'Email обязателен для заполнения'],
      [{ email: 'x@', password: TEST_PASSWORD }, 'email', 'Неверный формат email адреса'],
      [{ email: 'a@example.kz' }, 'password', 'Пароль обязателен для заполнения'],
      [{ email: 'a@example.kz', password: '' }, 'password', 'Пароль обязателен для заполнения'],
      [{ email: 'a@example.kz', password: 'x', rememberMe: 'maybe' }, 'rememberMe', 'Должно быть true или false'],
    ])('400 for %j', async (body, field, message) => {
      const res = await (await fresh()).call('post', '/api/auth/login', body).expect(400);
      expect(res.body.error.fields[field]).toBe(message);
    });

    it('refuses a blocked account with 403 and a clear message (only with the right password)', async () => {
      const blocked = freshEmail('blocked');
      await insertUser(api, { email: blocked, role: 'user', status: 'blocked' });
      const res = await (await fresh()).call('post', '/api/auth/login', { email: blocked, password: TEST_PASSWORD }).expect(403);
      expect(res.body.error).toEqual({ code: 'FORBIDDEN', message: 'Учётная запись заблокирована. Обратитесь к администратору' });
      await (await fresh()).call('post', '/api/auth/login', { email: blocked, password: 'Wrong12345' }).expect(401);
    });

    it('limits failures to 5 per (account, IP) in 15 minutes: the 6th attempt answers 429; a success resets the count', async () => {
      const target = freshEmail('brute');
      await insertUser(api, { email: target, role: 'user' });
      const attacker = await fresh();
      const fail = () => attacker.call('post', '/api/auth/login', { email: target, password: 'Guess12345' });
      for (let i = 0; i < 4; i++) await fail().expect(401);
      await attacker.login(target); // success resets
      for (let i = 0; i < 5; i++) await fail().expect(401);
      const blocked = await fail().expect(429);
      expect(blocked.body.error).toEqual({ code: 'RATE_LIMIT', message: 'Слишком много запросов. Попробуйте позже' });
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(800);
      // even the right password waits now, from this IP
      await attacker.call('post', '/api/auth/login', { email: target, password: TEST_PASSWORD }).expect(429);
      // the owner on another IP is not locked out; other accounts from the attacker's IP neither
      await (await fresh()).login(target);
      await attacker.login(email);
      // the counter key holds no e-mail address
      const keys = await redisKeys(api.redisPrefix, 'rl:login:*');
      expect(keys.length).toBeGreaterThan(0);
      expect(keys.join(' ')).not.toContain('@');
    });
  });

  describe('refresh tokens', () => {
    let email: string;
    beforeAll(async () => {
      email = freshEmail('refresh');
      await insertUser(api, { email, role: 'employee' });
    });
    const refresh = (token: unknown) => anon.call('post', '/api/auth/refresh', { refreshToken: token });

    it('rotate on every refresh: a new pair, the old refresh token is spent', async () => {
      const first = await (await fresh()).login(email);
      const second = (await refresh(first.tokens.refreshToken).expect(200)).body.data;
      expect(second.user).toMatchObject({ email, role: 'employee' });
      expect(second.tokens.refreshToken).not.toBe(first.tokens.refreshToken);
      await (await fresh()).as(second.tokens.accessToken).call('get', '/api/auth/me').expect(200);
      const third = (await refresh(second.tokens.refreshToken).expect(200)).body.data;
      expect(third.tokens.refreshToken).not.toBe(second.tokens.refreshToken);
    });

    it('revoke the whole family when a spent token comes back (reuse): 401, and the latest tokens stop too', async () => {
      const victim = await (await fresh()).login(email);
      const other = await (await fresh()).login(email); // another session of the same user
      const rotated = (await refresh(victim.tokens.refreshToken).expect(200)).body.data;
      const reuse = await refresh(victim.tokens.refreshToken).expect(401);
      expect(reuse.body.error).toEqual({ code: 'UNAUTHORIZED', message: 'Сессия истекла. Войдите снова' });
      await refresh(rotated.tokens.refreshToken).expect(401);
      await (await fresh()).as(rotated.tokens.accessToken).call('get', '/api/auth/me').expect(401);
      // the other session lives on
      await refresh(other.tokens.refreshToken).expect(200);
      const [session] = await db<{ revoked_reason: string }>(
        `SELECT s.revoked_reason FROM auth_sessions s JOIN refresh_tokens t ON t.session_id = s.id WHERE t.token_hash = encode(sha256($1::bytea), 'hex')`,
        [victim.tokens.refreshToken],
      );
      expect(session.revoked_reason).toBe('reuse');
    });

    it('store only hashes of refresh tokens', async () => {
      const { tokens } = await (await fresh()).login(email);
      const rows = await db<{ n: number }>(`SELECT count(*)::int AS n FROM refresh_tokens WHERE token_hash = $1`, [tokens.refreshToken]);
      expect(rows[0].n).toBe(0);
      const hashed = await db<{ n: number }>(
        `SELECT count(*)::int AS n FROM refresh_tokens WHERE token_hash = encode(sha256($1::bytea), 'hex')`,
        [tokens.refreshToken],
      );
      expect(hashed[0].n).toBe(1);
    });

    it('answer 401 for unknown or expired tokens and 400 for a missing one', async () => {
      await refresh('A'.repeat(43)).expect(401);
      const { tokens } = await (await fresh()).login(email);
      await db(`UPDATE refresh_tokens SET expires_at = now() - interval '1 second' WHERE token_hash = encode(sha256($1::bytea), 'hex')`, [
        tokens.refreshToken,
      ]);
      await refresh(tokens.refreshToken).expect(401);
      const missing = await anon.call('post', '/api/auth/refresh', {}).expect(400);
      expect(missing.body.error.fields).toEqual({ refreshToken: 'Токен обновления обязателен' });
    });

    it('logout ends the session: its refresh and access tokens stop; logout is idempotent', async () => {
      const { tokens } = await (await fresh()).login(email);
      await anon.call('post', '/api/auth/logout', { refreshToken: tokens.refreshToken }).expect(204);
      await refresh(tokens.refreshToken).expect(401);
      await (await fresh()).as(tokens.accessToken).call('get', '/api/auth/me').expect(401);
      await anon.call('post', '/api/auth/logout', { refreshToken: tokens.refreshToken }).expect(204);
      await anon.call('post', '/api/auth/logout', { refreshToken: 'B'.repeat(43) }).expect(204);
    });

    it('stop working for a blocked account (sign-in, refresh and access token)', async () => {
      const blockedLater = freshEmail('later');
      const id = await insertUser(api, { email: blockedLater, role: 'user' });
      const { tokens } = await (await fresh()).login(blockedLater);
      await db(`UPDATE users SET status = 'blocked' WHERE id = $1`, [id]);
      await refresh(tokens.refreshToken).expect(401);
      await (await fresh()).as(tokens.accessToken).call('get', '/api/auth/me').expect(401);
      await (await fresh()).call('post', '/api/auth/login', { email: blockedLater, password: TEST_PASSWORD }).expect(403);
    });
  });

  describe('access tokens', () => {
    let email: string;
    let userId: string;
    let accessToken: string;
    let sessionId: string;
    beforeAll(async () => {
      email = freshEmail('jwt');
      userId = await insertUser(api, { email, role: 'user' });
      accessToken = (await (await fresh()).login(email)).tokens.accessToken;
      sessionId = JSON.parse(Buffer.from(accessToken.split('.')[1], 'base64url').toString()).sid;
    });
    const me = (token: string) => anon.as(token).call('get', '/api/auth/me');

    it('are HS256 JWTs of 15 minutes with the user id, session id and role', () => {
      const [header, payload] = accessToken
        .split('.')
        .slice(0, 2)
        .map((p) => JSON.parse(Buffer.from(p, 'base64url').toString()));
      expect(header).toEqual({ alg: 'HS256', typ: 'JWT' });
      expect(payload).toMatchObject({ sub: userId, sid: expect.any(String), role: 'user', typ: 'access' });
      expect(payload.exp - payload.iat).toBe(900);
    });

    it('are refused when unsigned, signed with another secret, expired, or not access tokens', async () => {
      const claims = { sub: userId, sid: sessionId, role: 'user', typ: 'access' };
      const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
      const unsigned = `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ ...claims, iat: Math.floor(Date.now() / 1000) })}.`;
      const foreign = await new JwtService({ secret: 'another-secret-another-secret-another-secret' }).signAsync(claims);
      const jwt = new JwtService({ secret: JWT_SECRET });
      const expired = await jwt.signAsync({ ...claims, exp: Math.floor(Date.now() / 1000) - 10 });
      const notAccess = await jwt.signAsync({ ...claims, typ: 'refresh' });
      for (const token of [unsigned, foreign, expired, notAccess, 'garbage']) {
        const res = await me(token).expect(401);
        expect(res.body.error).toEqual({ code: 'UNAUTHORIZED', message: 'Необходима авторизация' });
      }
      await me(await jwt.signAsync(claims)).expect(200);
    });

    it('carry no authority of their own: the role is read from the database on each request', async () => {
      const forged = await new JwtService({ secret: JWT_SECRET }).signAsync({
        sub: userId,
        sid: sessionId,
        role: 'super_admin',
        typ: 'access',
      });
      await anon.as(forged).call('get', '/api/admin/users').expect(403);
      await db(`UPDATE users SET role_id = (SELECT id FROM roles WHERE name = 'admin') WHERE id = $1`, [userId]);
      await anon.as(accessToken).call('get', '/api/admin/users').expect(200);
      await db(`UPDATE users SET role_id = (SELECT id FROM roles WHERE name = 'user') WHERE id = $1`, [userId]);
      await anon.as(accessToken).call('get', '/api/admin/users').expect(403);
    });
  });
});
