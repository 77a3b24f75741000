import { describe, expect, it } from '@jest/globals';
import { resources } from '@realty/i18n';
import { dashboardMeta, errorMeta, languageOf } from './error-meta';
import { registerTranslations } from './i18n';

registerTranslations('ru', resources.ru);
registerTranslations('en', resources.en);

/** What Remix hands a meta function for a thrown Response (isRouteErrorResponse checks these fields). */
const routeError = (status: number) => ({ status, statusText: '', internal: false, data: '' });

describe('titles of the error screens (lib/error-meta.ts)', () => {
  it('404, 403 and any other error in the page language, never indexed', () => {
    expect(errorMeta(routeError(404), 'ru')).toEqual([{ title: '404 Page Not Found' }, { name: 'robots', content: 'noindex' }]);
    expect(errorMeta(routeError(403), 'ru')[0]).toEqual({ title: 'Недостаточно прав доступа' });
    expect(errorMeta(routeError(403), 'en')[0]).toEqual({ title: 'Insufficient permissions' });
    expect(errorMeta(new Error('boom'), 'ru')[0]).toEqual({ title: 'Что-то пошло не так' });
    expect(errorMeta(routeError(502), 'en')[0]).toEqual({ title: 'Something went wrong' });
  });

  it('a dashboard screen keeps its own title unless it failed; the language comes from the root match', () => {
    const matches = [{ id: 'root', data: { lang: 'en' } }, { id: 'routes/dashboard', data: {} }];
    expect(languageOf(matches)).toBe('en');
    expect(languageOf([])).toBe('ru');
    expect(dashboardMeta({ matches }, 'Favourites')).toEqual([{ title: 'Favourites' }, { name: 'robots', content: 'noindex' }]);
    expect(dashboardMeta({ matches, error: routeError(403) }, undefined)[0]).toEqual({ title: 'Insufficient permissions' });
  });
});
