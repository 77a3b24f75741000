import type { MetaDescriptor } from '@remix-run/node';
import { isRouteErrorResponse } from '@remix-run/react';
import type { Language } from '@realty/contracts';
import { fallbackLanguage } from '@realty/i18n';
import { createI18n, translationsFor } from './i18n';

/** The page's language as a meta function sees it: the root loader's `lang` among `matches`. */
export function languageOf(matches: ReadonlyArray<{ id: string; data?: unknown }>): Language {
  const root = matches.find((m) => m.id === 'root')?.data as { lang?: Language } | undefined;
  return root?.lang ?? fallbackLanguage;
}

/**
 * The <title> (and noindex) of an error screen in `lang`: '404 Page Not Found' (spec 01 §2),
 * the dashboard's 'Недостаточно прав доступа' for 403, 'Неверный запрос' for 400 (a body that is
 * not a form, issue 19 item 10), else 'Что-то пошло не так' (spec 01 §8).
 * A route that failed has no data to take its title from, and a page without a title fails
 * WCAG 2.4.2.
 */
export function errorMeta(error: unknown, lang: Language): MetaDescriptor[] {
  const { t } = createI18n(lang, translationsFor(lang));
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const title =
    status === 404
      ? t('notFound.title')
      : status === 403
        ? t('dashboard:forbidden.title')
        : status === 400
          ? t('errors.badRequestTitle')
          : t('errors.title');
  return [{ title }, { name: 'robots', content: 'noindex' }];
}

/** A dashboard screen's meta: its own title, or the error screen's when it failed; never indexed. */
export function dashboardMeta(
  args: { error?: unknown; matches: ReadonlyArray<{ id: string; data?: unknown }> },
  title: string | undefined,
): MetaDescriptor[] {
  if (args.error) return errorMeta(args.error, languageOf(args.matches));
  return [{ title: title ?? '' }, { name: 'robots', content: 'noindex' }];
}

/**
 * The meta of a page with its own ErrorBoundary (an action that may throw 400: lib/forms.server
 * readForm): its own tags, or the error screen's when it failed, in the page's language.
 */
export function pageMeta(
  args: { error?: unknown; matches: ReadonlyArray<{ id: string; data?: unknown }> },
  own: () => MetaDescriptor[],
): MetaDescriptor[] {
  return args.error ? errorMeta(args.error, languageOf(args.matches)) : own();
}
