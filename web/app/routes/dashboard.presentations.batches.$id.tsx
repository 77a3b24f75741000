import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data } from '@remix-run/node';
import { Link, useFetcher, useLoaderData } from '@remix-run/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { DashboardErrorBoundary } from '~/components/account/Dashboard';
import { i18nServer } from '~/i18n.server';
import { requireUser } from '~/lib/auth/auth.server';
import { CRM_PAGE_ROLES, readOrFail, uuidOf } from '~/lib/crm-schedule/schedule.server';
import { dashboardMeta } from '~/lib/i18n/error-meta';
import { PRESENTATIONS_PATH } from '~/lib/presentations/paths';
import presentationsCss from '~/styles/presentations.css?url';

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: presentationsCss }];

export const meta: MetaFunction<typeof loader> = (args) => dashboardMeta(args, args.data?.title);

/** How often the page asks for the batch's progress while it runs, ms. */
const POLL_MS = 1000;

/**
 * /dashboard/presentations/batches/{id} (issue 23 "bulk generate with a progress bar fed by the
 * jobs' progress"): the batch's progress counted from its presentations (done / failed / total),
 * polled every second with a fetcher while it runs (without JavaScript: the refresh link reloads
 * the page); the zip of the finished files; a link to the batch's presentations in the list.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const auth = await requireUser(request, CRM_PAGE_ROLES);
  const t = await i18nServer.getFixedT(auth.lang, 'presentations');
  const td = await i18nServer.getFixedT(auth.lang, 'dashboard');
  const id = uuidOf(params.id);
  if (!id) throw data({ code: 'NOT_FOUND' }, { status: 404, headers: await auth.headers() });
  const { value: batch, failed } = await readOrFail(request, auth, () => auth.api.presentations.batch(id));
  return data(
    { title: td('meta.title', { page: t('batch.title') }), id, batch, failed },
    { status: failed ? 503 : 200, headers: await auth.headers({ 'Cache-Control': 'private, no-store' }) },
  );
}

export default function PresentationBatchPage() {
  const loaded = useLoaderData<typeof loader>();
  const fetcher = useFetcher<typeof loader>();
  const { t } = useTranslation('presentations');
  const current = fetcher.data?.batch ?? loaded.batch;
  const running = !!current && current.percent < 100;
  const here = `${PRESENTATIONS_PATH}/batches/${loaded.id}`;
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => {
      if (fetcher.state === 'idle' && document.visibilityState !== 'hidden') fetcher.load(here);
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [running, fetcher, here]);

  return (
    <section aria-labelledby="presentation-batch-title" className="presentations">
      <p>
        <Link to={PRESENTATIONS_PATH}>← {t('batch.back')}</Link>
      </p>
      <h1 id="presentation-batch-title">{t('batch.title')}</h1>
      {!current ? (
        <p role="alert">{t('loadError')}</p>
      ) : (
        <>
          <div className="presentation-progress" role="status" aria-live="polite" data-percent={current.percent}>
            <p>
              <label htmlFor="presentation-batch-progress">{t('batch.progressLabel')}</label>
            </p>
            <progress id="presentation-batch-progress" max={current.total} value={current.done} />
            <p data-testid="batch-progress-text">
              {t('batch.progress', { done: current.done, total: current.total, percent: current.percent })}
            </p>
            <ul>
              <li>{t('batch.completed', { count: current.completed })}</li>
              <li>{t('batch.generating', { count: current.generating })}</li>
              <li>{t('batch.failed', { count: current.failed })}</li>
            </ul>
            {current.percent === 100 ? <p>{t('batch.allDone')}</p> : null}
          </div>
          <p className="page-head__actions">
            {running ? (
              <Link to={here} reloadDocument className="btn btn-secondary">
                {t('batch.refresh')}
              </Link>
            ) : null}
            {current.completed > 0 ? (
              <a href={`/resources/presentations/batches/${loaded.id}/zip`} className="btn btn-primary" download>
                {t('batch.zip')}
              </a>
            ) : null}
            <Link to={`${PRESENTATIONS_PATH}?scope=all&batch=${loaded.id}`} className="btn btn-secondary">
              {t('batch.list')}
            </Link>
          </p>
        </>
      )}
    </section>
  );
}

export const ErrorBoundary = DashboardErrorBoundary;
