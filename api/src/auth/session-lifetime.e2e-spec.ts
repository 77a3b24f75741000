import { Clock } from '../common/clock';
import { Caller, freshEmail, insertUser, startAccountsApi, type AccountsApi } from '../../test/accounts';
import { sessionMaxAgeSeconds } from './sessions.service';

/**
 * The absolute session lifetime (issue 19 item 7): a session ends SESSION_MAX_AGE_DAYS (90 by
 * default) after its sign-in however often its refresh token rotates. Time moves with the
 * app's injected Clock.
 */

const DAY_MS = 24 * 3600 * 1000;

describe('absolute session lifetime', () => {
  let api: AccountsApi;
  let clock: Clock;
  let now: number;
  let anon: Caller;
  beforeAll(async () => {
    api = await startAccountsApi();
    anon = await Caller.create(api.server);
    clock = api.app.get(Clock);
    clock.now = () => now;
  });
  afterAll(() => api?.close());
  beforeEach(() => {
    now = Date.now();
  });

  const refresh = (token: string) => anon.call('post', '/api/auth/refresh', { refreshToken: token });

  it('ends a remembered session 90 days after sign-in, though it refreshed every month', async () => {
    const email = freshEmail('lifetime');
    await insertUser(api, { email, role: 'user' });
    const signIn = now;
    let tokens = (await (await Caller.create(api.server)).login(email, undefined, true)).tokens;
    expect(Date.parse(tokens.refreshExpiresAt)).toBe(signIn + 30 * DAY_MS);

    for (const day of [29, 58]) {
      now = signIn + day * DAY_MS;
      tokens = (await refresh(tokens.refreshToken).expect(200)).body.data.tokens;
      // a full 30 days from the refresh, still inside the 90
      expect(Date.parse(tokens.refreshExpiresAt)).toBe(now + 30 * DAY_MS);
    }
    now = signIn + 87 * DAY_MS;
    tokens = (await refresh(tokens.refreshToken).expect(200)).body.data.tokens;
    // not 30 days on: the session's end
    expect(Date.parse(tokens.refreshExpiresAt)).toBe(signIn + 90 * DAY_MS);
    now = signIn + 90 * DAY_MS - 1000;
    tokens = (await refresh(tokens.refreshToken).expect(200)).body.data.tokens;
    expect(Date.parse(tokens.refreshExpiresAt)).toBe(signIn + 90 * DAY_MS);

    now = signIn + 90 * DAY_MS + 1000;
    const over = await refresh(tokens.refreshToken).expect(401);
    expect(over.body.error).toEqual({ code: 'UNAUTHORIZED', message: 'Сессия истекла. Войдите снова' });
    // signing in again opens a new session with a new 90 days
    const again = await (await Caller.create(api.server)).login(email, undefined, true);
    expect(Date.parse(again.tokens.refreshExpiresAt)).toBe(now + 30 * DAY_MS);
  });

  it('ends a day-by-day session at 90 days too', async () => {
    const email = freshEmail('daily');
    await insertUser(api, { email, role: 'user' });
    const signIn = now;
    let tokens = (await (await Caller.create(api.server)).login(email)).tokens;
    // a refresh every 23 hours, each before the day-long token runs out
    for (let at = signIn + 23 * 3600_000; at < signIn + 90 * DAY_MS; at += 23 * 3600_000) {
      now = at;
      tokens = (await refresh(tokens.refreshToken).expect(200)).body.data.tokens;
    }
    expect(Date.parse(tokens.refreshExpiresAt)).toBe(signIn + 90 * DAY_MS);
    now = signIn + 90 * DAY_MS;
    await refresh(tokens.refreshToken).expect(401);
  });

  it('reads SESSION_MAX_AGE_DAYS (default 90) and refuses nonsense', () => {
    expect(sessionMaxAgeSeconds({})).toBe(90 * 24 * 3600);
    expect(sessionMaxAgeSeconds({ SESSION_MAX_AGE_DAYS: '7' })).toBe(7 * 24 * 3600);
    expect(sessionMaxAgeSeconds({ SESSION_MAX_AGE_DAYS: '0.5' })).toBe(12 * 3600);
    for (const bad of ['0', '-3', 'ninety'])
      expect(() => sessionMaxAgeSeconds({ SESSION_MAX_AGE_DAYS: bad })).toThrow(/SESSION_MAX_AGE_DAYS/);
  });
});
