import { describe, expect, it } from '@jest/globals';
import type { Session } from '@remix-run/node';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { csrfCookie } from './csrf.server';
import { getSession, sessionStorage } from './session.server';
import { readToast, toastCookie } from '../forms/toast.server';

/**
 * The web's secrets (issue 19 item 6, docs/decisions/029): production refuses to start without
 * SESSION_SECRET, and the session, toast and CSRF cookies are signed with keys of their own.
 */

const ROOT = path.resolve(__dirname, '../../../..');

/** Starts the built web server (`npm run build` first) with `env`; resolves with its exit code (null: still running after `ms`, then killed) and output. */
function startWeb(env: Record<string, string | undefined>, ms = 20_000): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['web/server.mjs'], {
      cwd: ROOT,
      env: { ...process.env, WEB_PORT: '0', WEB_HOST: '127.0.0.1', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), ms);
    child.on('error', reject);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, out });
    });
  });
}

describe('web server in production (web/server.mjs)', () => {
  it('refuses to start without SESSION_SECRET, naming it', async () => {
    const { code, out } = await startWeb({ NODE_ENV: 'production', SESSION_SECRET: undefined });
    expect({ code, named: /SESSION_SECRET is not set/.test(out) }).toEqual({ code: 1, named: true });
  }, 30_000);

  it('refuses to start with a SESSION_SECRET shorter than 32 characters, naming it', async () => {
    const { code, out } = await startWeb({ NODE_ENV: 'production', SESSION_SECRET: `${'x'.repeat(40)},short` });
    expect({ code, named: /SESSION_SECRET must be at least 32 characters/.test(out) }).toEqual({ code: 1, named: true });
  }, 30_000);
});

describe('a key per purpose (one SESSION_SECRET)', () => {
  const at = (cookie: string) => new Request('http://web.test/', { headers: { Cookie: cookie } });
  const value = (setCookie: string) => setCookie.split(';')[0].split('=').slice(1).join('=');
  const toast = { title: 'Готово', description: 'from the session cookie' };

  it('a signed session cookie is not accepted as the toast cookie, nor the other way round', async () => {
    // A session whose data would read as a pending toast.
    const session = await sessionStorage.getSession();
    (session as unknown as Session).flash('toast', toast);
    const sessionValue = value(await sessionStorage.commitSession(session));
    expect((await readToast(at(`toast=${sessionValue}`))).toast).toBeNull();

    const toastValue = value(await toastCookie(at(''), toast));
    expect((await getSession(at(`__session=${toastValue}`))).get('toast' as never)).toBeUndefined();
    // Each is accepted under its own name.
    expect((await readToast(at(`toast=${toastValue}`))).toast).toEqual(toast);
  });

  it('a signed session cookie is not accepted as the CSRF cookie', async () => {
    const session = await sessionStorage.getSession();
    session.set('remember', true);
    const sessionValue = value(await sessionStorage.commitSession(session));
    expect(await csrfCookie.parse(`csrf=${sessionValue}`)).toBeNull();
    const csrfValue = value(await csrfCookie.serialize('a-token'));
    expect(await csrfCookie.parse(`csrf=${csrfValue}`)).toBe('a-token');
    expect((await getSession(at(`__session=${csrfValue}`))).data).toEqual({});
  });
});
