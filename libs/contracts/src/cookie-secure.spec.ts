import { cookieSecure } from './cookie-secure';

describe('cookieSecure (the API and the web)', () => {
  it('COOKIE_SECURE wins, else production only', () => {
    expect(cookieSecure({ NODE_ENV: 'production' } as NodeJS.ProcessEnv)).toBe(true);
    expect(cookieSecure({ NODE_ENV: 'production', COOKIE_SECURE: 'false' } as NodeJS.ProcessEnv)).toBe(false);
    expect(cookieSecure({ NODE_ENV: 'development' } as NodeJS.ProcessEnv)).toBe(false);
    expect(cookieSecure({ NODE_ENV: 'development', COOKIE_SECURE: 'true' } as NodeJS.ProcessEnv)).toBe(true);
  });
});
