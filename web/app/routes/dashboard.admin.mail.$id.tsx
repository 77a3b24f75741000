import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { ApiError } from '@realty/api-client';
import { CAUGHT_MAIL_ID, type CaughtMailDto } from '@realty/contracts';
import { formatDateTime } from '@realty/i18n/format';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { DashboardErrorBoundary } from '~/components/account/Dashboard';
import { i18nServer } from '~/i18n.server';
import { ADMIN_ROLES, requireUser, rethrowAuthError } from '~/lib/auth/auth.server';
import { dashboardMeta } from '~/lib/i18n/error-meta';
import { MAIL_PATH } from './dashboard.admin.mail._index';

export const meta: MetaFunction<typeof loader> = (args) => dashboardMeta(args, args.data?.title);

/**
 * /dashboard/admin/mail/:id: one caught mail (issue 19 item 6). The text body with its http(s)
 * addresses as links (a password reset can be followed from here); the HTML body only inside a
 * frame with an empty `sandbox` (no scripts, forms, pop-ups or navigation of this page; its own
 * opaque origin), never inserted into this page. 404 with a message when the mail is gone.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const auth = await requireUser(request, ADMIN_ROLES);
  const t = await i18nServer.getFixedT(auth.lang, 'dashboard');
  const id = params.id ?? '';
  let mail: CaughtMailDto | null = null;
  if (CAUGHT_MAIL_ID.test(id)) {
    try {
      mail = await auth.api.adminMail.get(id);
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 404)) await rethrowAuthError(request, auth, error);
    }
  }
  const title = t('meta.title', { page: mail ? mail.subject || t('mail.noSubject') : t('mail.title') });
  return data(
    { title, lang: auth.lang, mail },
    { status: mail ? 200 : 404, headers: await auth.headers({ 'Cache-Control': 'private, no-store' }) },
  );
}

const URL_IN_TEXT = /(https?:\/\/[^\s<>"']+)/g;

/** The text with each http(s) address as a link (React escapes the rest). */
function Linkified({ text }: { text: string }) {
  return (
    <>
      {text.split(URL_IN_TEXT).map((part, i) =>
        i % 2 === 1 ? (
          <a key={i} href={part} rel="noopener noreferrer">
            {part}
          </a>
        ) : (
          <Fragment key={i}>{part}</Fragment>
        ),
      )}
    </>
  );
}

export default function AdminMailMessage() {
  const { mail, lang } = useLoaderData<typeof loader>();
  const { t } = useTranslation('dashboard');
  if (!mail) {
    return (
      <section aria-labelledby="mail-title" className="admin-mail">
        <h1 id="mail-title">{t('mail.title')}</h1>
        <p className="state-block">{t('mail.notFound')}</p>
        <Link to={MAIL_PATH} className="btn btn-secondary">
          {t('mail.back')}
        </Link>
      </section>
    );
  }
  const subject = mail.subject || t('mail.noSubject');
  return (
    <article aria-labelledby="mail-title" className="admin-mail">
      <p>
        <Link to={MAIL_PATH}>← {t('mail.back')}</Link>
      </p>
      <h1 id="mail-title">{subject}</h1>
      <dl className="mail-headers">
        <dt>{t('mail.from')}</dt>
        <dd>{mail.from}</dd>
        <dt>{t('mail.to')}</dt>
        <dd>{mail.to.join(', ')}</dd>
        <dt>{t('mail.received')}</dt>
        <dd>{formatDateTime(mail.receivedAt, lang)}</dd>
      </dl>
      <section aria-labelledby="mail-text">
        <h2 id="mail-text">{t('mail.text')}</h2>
        {mail.text ? (
          <pre className="mail-text">
            <Linkified text={mail.text} />
          </pre>
        ) : (
          <p>{t('mail.noText')}</p>
        )}
      </section>
      {mail.html !== null ? (
        <section aria-labelledby="mail-html">
          <h2 id="mail-html">{t('mail.html')}</h2>
          <iframe
            className="mail-html"
            sandbox=""
            srcDoc={mail.html}
            title={t('mail.htmlFrame', { subject })}
            referrerPolicy="no-referrer"
          />
        </section>
      ) : null}
    </article>
  );
}

export const ErrorBoundary = DashboardErrorBoundary;
