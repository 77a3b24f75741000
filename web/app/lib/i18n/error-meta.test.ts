import { describe, expect, it } from '@jest/globals';
import { resources } from '@realty/i18n';
import { dashboardMeta, errorMeta, languageOf, pageMeta } from './error-meta';
import { registerTranslations } from './i18n';

registerTranslations('ru', resources.ru);
registerTranslations('en', resources.en);

/** What Remix hands a meta function for a thrown Response (isRouteErrorResponse checks these fields). */
const routeError = (status: number) => ({ status, statusText: '', internal: false, data: '' });

describe('titles of the error screens (lib/i18n/error-meta.ts)', () => {
  it('404, 403 and any other error in the page language, never indexed', () => {
    expect(errorMeta(routeError(404), 'ru')).toEqual([{ title: '404 Page Not Found' }, { name: 'robots', content: 'noindex' }]);
    expect(errorMeta(routeError(403), 'ru')[0]).toEqual({ title: 'Недостаточно прав доступа' });
    expect(errorMeta(routeError(403), 'en')[0]).toEqual({ title: 'Insufficient permissions' });
    expect(errorMeta(new Error('boom'), 'ru')[0]).toEqual({ title: 'Что-то пошло не так' });
    expect(errorMeta(routeError(502), 'en')[0]).toEqual({ title: 'Something went wrong' });
    expect(errorMeta(routeError(400), 'en')[0]).toEqual({ title: 'Bad request' });
    expect(errorMeta(routeError(400), 'ru')[0]).toEqual({ title: 'Неверный запрос' });
  });

  it('a page with its own error screen keeps its tags unless it failed (pageMeta)', () => {
    const matches = [{ id: 'root', data: { lang: 'en' } }];
    expect(pageMeta({ matches }, () => [{ title: 'Contact' }])).toEqual([{ title: 'Contact' }]);
    expect(pageMeta({ matches, error: routeError(400) }, () => [{ title: 'Contact' }])).toEqual([
      { title: 'Bad request' },
      { name: 'robots', content: 'noindex' },
    ]);
  });

  it('a dashboard screen keeps its own title unless it failed; the language comes from the root match', () => {
    const matches = [
      { id: 'root', data: { lang: 'en' } },
      { id: 'routes/dashboard', data: {} },
    ];
    expect(languageOf(matches)).toBe('en');
    expect(languageOf([])).toBe('ru');
    expect(dashboardMeta({ matches }, 'Favourites')).toEqual([{ title: 'Favourites' }, { name: 'robots', content: 'noindex' }]);
    expect(dashboardMeta({ matches, error: routeError(403) }, undefined)[0]).toEqual({ title: 'Insufficient permissions' });
  });
});
