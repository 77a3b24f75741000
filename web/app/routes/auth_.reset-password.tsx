import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { ApiNetworkError } from '@realty/api-client';
import { ResetPasswordDto, validateInput } from '@realty/contracts';
import { useTranslation } from 'react-i18next';
import { Field, FormAlert } from '~/components/account/Field';
import { AuthenticityTokenInput } from '~/components/csrf';
import { useToastEffect } from '~/components/toast/Toaster';
import { i18nServer } from '~/i18n.server';
import { getAuth } from '~/lib/auth/auth.server';
import { apiFieldErrors, failureToast, formFields, readPostedForm, type FieldErrors } from '~/lib/forms/forms.server';
import { keptRouteHeaders } from '~/lib/serving/route-headers';
import { absoluteUrl, seoMeta } from '~/lib/serving/seo';
import type { ToastMessage } from '~/lib/forms/toast';
import { redirectWithToast } from '~/lib/forms/toast.server';
import { useHydrated } from '~/lib/serving/use-hydrated';
import accountCss from '~/styles/account.css?url';
import { pageMeta } from '~/lib/i18n/error-meta';

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: accountCss }];

/**
 * /auth/reset-password?token=... (spec 01 §2 "Password reset screen"; the API's e-mail links
 * here): the new password twice. Without a token: 'Токен восстановления пароля не найден'.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const auth = await getAuth(request);
  const t = await i18nServer.getFixedT(auth.lang, 'auth');
  const token = new URL(request.url).searchParams.get('token')?.trim() ?? '';
  return data(
    {
      token,
      seo: {
        title: t('meta.resetTitle'),
        description: t('reset.text'),
        canonical: absoluteUrl(request, '/auth/reset-password'),
        noindex: true,
      },
    },
    { headers: { 'Referrer-Policy': 'no-referrer', 'Cache-Control': 'no-store' } },
  );
}

export const meta: MetaFunction<typeof loader> = (args) => pageMeta(args, () => seoMeta(args.data?.seo));

/** A form this page cannot read (400) shows the site's error screen here, under the visitor's header and language. */
export { ErrorBoundary } from '~/root';

/** The loader's no-referrer (the token is in the URL) and no-store reach the browser. */
export const headers = keptRouteHeaders;

interface ActionResult {
  errors?: FieldErrors;
  toast?: ToastMessage;
}

export async function action({ request }: ActionFunctionArgs) {
  const form = await readPostedForm(request);
  const auth = await getAuth(request);
  const t = await i18nServer.getFixedT(auth.lang, 'auth');
  const f = formFields(form, ['token', 'password', 'confirmPassword'] as const);
  const reply = async (result: ActionResult, status = 400) => data(result, { status, headers: await auth.headers() });
  const checked = await validateInput(
    ResetPasswordDto,
    { token: f.token, password: f.password, confirmPassword: f.confirmPassword },
    auth.lang,
  );
  const errors: FieldErrors = checked.ok ? {} : { ...checked.errors };
  if (f.confirmPassword !== f.password) errors.confirmPassword = t('errors.passwordsMismatch');
  if (!checked.ok || Object.keys(errors).length) {
    const tokenProblem = errors.token;
    return reply({
      errors,
      toast: { title: t('toast.resetError'), description: tokenProblem ?? t('toast.validationText'), variant: 'destructive' },
    });
  }
  try {
    await auth.api.auth.resetPassword({ token: checked.value.token, password: checked.value.password });
  } catch (error) {
    const fields = apiFieldErrors(error);
    return reply(
      {
        errors: fields ?? undefined,
        toast: failureToast(error, {
          title: t('toast.resetError'),
          fallback: t('toast.resetErrorText'),
          network: t('toast.resetErrorText'),
        }),
      },
      error instanceof ApiNetworkError ? 503 : 400,
    );
  }
  // Every session of the account ended with the reset: sign in again with the new password.
  if (auth.user) auth.signOut();
  return redirectWithToast(
    request,
    '/auth',
    { title: t('toast.resetSuccess'), description: t('toast.resetSuccessText') },
    { headers: await auth.headers() },
  );
}

export default function ResetPasswordPage() {
  const { token } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as ActionResult | undefined;
  const { t } = useTranslation('auth');
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const pending = navigation.state === 'submitting';
  useToastEffect(result?.toast);
  const errors = result?.errors ?? {};
  return (
    <div className="container auth-page">
      <div className="auth-card">
        <h1>{t('reset.title')}</h1>
        {!token ? (
          <>
            <p className="form-alert form-alert--error" role="alert">
              {t('errors.resetTokenMissing')}
            </p>
            <p>
              <Link to="/auth" className="btn btn-secondary">
                {t('reset.back')}
              </Link>
            </p>
          </>
        ) : (
          <>
            <p className="auth-intro">{t('reset.text')}</p>
            {!hydrated ? <FormAlert message={result?.toast} /> : null}
            {errors.token ? (
              <p className="form-alert form-alert--error" role="alert">
                {errors.token}
              </p>
            ) : null}
            <Form method="post" noValidate className="auth-form">
              <AuthenticityTokenInput />
              <input type="hidden" name="token" value={token} />
              <Field
                name="password"
                label={t('fields.newPassword')}
                type="password"
                autoComplete="new-password"
                hint={t('hints.resetPassword')}
                error={errors.password}
                required
              />
              <Field
                name="confirmPassword"
                label={t('fields.confirmPassword')}
                type="password"
                autoComplete="new-password"
                error={errors.confirmPassword}
                required
              />
              <div className="auth-actions">
                <button type="submit" className="btn btn-primary" disabled={pending}>
                  {pending ? t('reset.pending') : t('reset.submit')}
                </button>
                <Link to="/auth" className="btn btn-link">
                  {t('reset.back')}
                </Link>
              </div>
            </Form>
          </>
        )}
      </div>
    </div>
  );
}
