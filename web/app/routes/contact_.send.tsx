import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useActionData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { ContactPageForm } from '~/components/forms/ContactPageForm';
import { readPostedForm } from '~/lib/forms/forms.server';
import { contactPageAction } from '~/lib/forms/public-forms.server';
import { resultOf } from '~/lib/forms/public-forms';
import { pageMeta } from '~/lib/i18n/error-meta';

/**
 * POST /contact/send: the action of the /contact page's form (ContactPageForm, spec 01 §5
 * "Contact page form"). With JavaScript the form posts here through a fetcher and stays on
 * /contact. Without it, a failed post renders this page (the form with its errors and the typed
 * values) and a successful one goes back to /contact with the toast. A GET shows the form alone.
 */
export async function action({ request }: ActionFunctionArgs) {
  return contactPageAction(request, await readPostedForm(request));
}

/** The page itself (GET, or the render after a post without JavaScript) needs no data. */
export function loader(_args: LoaderFunctionArgs) {
  return null;
}

export const meta: MetaFunction = (args) => pageMeta(args, () => [{ name: 'robots', content: 'noindex' }]);

/** A form this page cannot read (400) shows the site's error screen here, under the visitor's header and language. */
export { ErrorBoundary } from '~/root';

export default function ContactSend() {
  const { t } = useTranslation('forms');
  const result = resultOf(useActionData<typeof action>(), 'contact-page');
  return (
    <div className="container pf-page">
      <h1>{t('contact.pageTitle')}</h1>
      <ContactPageForm initial={result} />
      <p>
        <Link to="/contact">{t('contact.back')}</Link>
      </p>
    </div>
  );
}
