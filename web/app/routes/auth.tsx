import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data, redirect } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigation, useSearchParams } from '@remix-run/react';
import { ApiNetworkError } from '@realty/api-client';
import {
  ForgotPasswordDto,
  LoginDto,
  REGISTRATION_NAME_DEFAULTS,
  RegisterDto,
  splitFullName,
  validateInput,
  type AuthSessionDto,
} from '@realty/contracts';
import { useTranslation } from 'react-i18next';
import { Field, FormAlert } from '~/components/account/Field';
import { AuthenticityTokenInput } from '~/components/csrf';
import { useToastEffect } from '~/components/toast/Toaster';
import { i18nServer } from '~/i18n.server';
import { dashboardPathFor, getAuth } from '~/lib/auth/auth.server';
import { apiFieldErrors, failureToast, formFields, readPostedForm, type FieldErrors } from '~/lib/forms/forms.server';
import { safeRedirectPath } from '~/lib/auth/safe-redirect';
import { canonicalUrl, seoMeta } from '~/lib/serving/seo';
import type { ToastMessage } from '~/lib/forms/toast';
import { redirectWithToast } from '~/lib/forms/toast.server';
import { useHydrated } from '~/lib/serving/use-hydrated';
import accountCss from '~/styles/account.css?url';
import { pageMeta } from '~/lib/i18n/error-meta';

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: accountCss }];

type Tab = 'login' | 'register';
/** A safe in-site redirectTo from the query or the form (normalised, lib/safe-redirect), or null; never /auth itself. */
function readRedirectTo(value: FormDataEntryValue | string | null, request: Request): string | null {
  const safe = safeRedirectPath(value, '', new URL(request.url).origin);
  return safe && !/^\/auth(?:[/?#]|$)/i.test(safe) ? safe : null;
}

/**
 * /auth (spec 01 §2): tabs 'Вход' and 'Регистрация' (?tab=register), forgotten password from the
 * login e-mail field. A signed-in visitor goes straight to the dashboard (or redirectTo).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const auth = await getAuth(request);
  const url = new URL(request.url);
  const redirectTo = readRedirectTo(url.searchParams.get('redirectTo'), request);
  if (auth.user) throw redirect(redirectTo ?? dashboardPathFor(auth.user.role), { headers: await auth.headers() });
  const t = await i18nServer.getFixedT(auth.lang, 'auth');
  const tab: Tab = url.searchParams.get('tab') === 'register' ? 'register' : 'login';
  return data(
    {
      tab,
      redirectTo,
      seo: { title: t('meta.title'), description: t('meta.description'), canonical: canonicalUrl(request, '/auth'), noindex: true },
    },
    { headers: await auth.headers() },
  );
}

export const meta: MetaFunction<typeof loader> = (args) => pageMeta(args, () => seoMeta(args.data?.seo));

/** A form this page cannot read (400) shows the site's error screen here, under the visitor's header and language. */
export { ErrorBoundary } from '~/root';

interface ActionResult {
  intent: 'login' | 'forgot' | 'register';
  errors?: FieldErrors;
  /** Typed values to put back (never passwords). */
  values?: Record<string, string>;
  toast?: ToastMessage;
}

export async function action({ request }: ActionFunctionArgs) {
  const form = await readPostedForm(request);
  const auth = await getAuth(request);
  const lang = auth.lang;
  const t = await i18nServer.getFixedT(lang, 'auth');
  const intent = form.get('intent');
  const redirectTo = readRedirectTo(form.get('redirectTo'), request);
  const reply = async (result: ActionResult, status = 400) => data(result, { status, headers: await auth.headers() });
  const invalid = (intent: ActionResult['intent'], errors: FieldErrors, values: Record<string, string>) =>
    reply({
      intent,
      errors,
      values,
      toast: { title: t('toast.validation'), description: t('toast.validationText'), variant: 'destructive' },
    });

  if (intent === 'login' || intent === 'forgot') {
    const f = formFields(form, ['email', 'password', 'rememberMe'] as const);
    const remember = f.rememberMe === 'on' || f.rememberMe === 'true';
    const values = { email: f.email, rememberMe: remember ? 'on' : '' };

    if (intent === 'forgot') {
      // Forgotten password from the login e-mail field (spec 01 §5).
      if (!f.email.trim()) {
        const message = t('toast.forgotEmailRequired');
        return reply({
          intent,
          values,
          errors: { email: message },
          toast: { title: t('toast.forgotError'), description: message, variant: 'destructive' },
        });
      }
      const checked = await validateInput(ForgotPasswordDto, { email: f.email }, lang);
      if (!checked.ok) return invalid(intent, checked.errors, values);
      try {
        await auth.api.auth.forgotPassword(checked.value.email);
      } catch (error) {
        const errors = apiFieldErrors(error);
        return reply(
          {
            intent,
            values,
            errors: errors ?? undefined,
            toast: failureToast(error, {
              title: t('toast.forgotError'),
              fallback: t('toast.forgotError'),
              network: t('toast.forgotNetwork'),
            }),
          },
          error instanceof ApiNetworkError ? 503 : 400,
        );
      }
      return reply({ intent, values, toast: { title: t('toast.forgotSent'), description: t('toast.forgotSentText') } }, 200);
    }

    const checked = await validateInput(LoginDto, { email: f.email, password: f.password, rememberMe: remember }, lang);
    if (!checked.ok) return invalid(intent, checked.errors, values);
    let result: AuthSessionDto;
    try {
      result = await auth.api.auth.login(checked.value);
    } catch (error) {
      return reply(
        {
          intent,
          values,
          errors: apiFieldErrors(error) ?? undefined,
          toast: failureToast(error, {
            title: t('toast.loginError'),
            fallback: t('toast.loginErrorDefault'),
            network: t('toast.loginNetwork'),
          }),
        },
        error instanceof ApiNetworkError ? 503 : 400,
      );
    }
    const user = auth.signIn(result, remember);
    return redirectWithToast(
      request,
      redirectTo ?? dashboardPathFor(user.role),
      { title: t('toast.loginSuccess'), description: t('toast.greeting', { name: user.firstName }) },
      { headers: await auth.headers() },
    );
  }

  if (intent === 'register') {
    const f = formFields(form, ['fullName', 'email', 'phone', 'password', 'confirmPassword'] as const);
    const values = { fullName: f.fullName, email: f.email, phone: f.phone };
    const { firstName, lastName } = splitFullName(f.fullName, REGISTRATION_NAME_DEFAULTS);
    const checked = await validateInput(
      RegisterDto,
      { email: f.email, password: f.password, confirmPassword: f.confirmPassword, firstName, lastName, phone: f.phone, language: lang },
      lang,
    );
    // Page rules on top of the API's (spec 01 §5 "all fields required"): the name and phone.
    const errors: FieldErrors = checked.ok ? {} : { ...checked.errors };
    const nameError = !f.fullName.trim() ? t('errors.fullNameRequired') : (errors.firstName ?? errors.lastName);
    delete errors.firstName;
    delete errors.lastName;
    if (nameError) errors.fullName = nameError;
    if (!f.phone.trim()) errors.phone = t('errors.phoneRequired');
    if (f.confirmPassword !== f.password) errors.confirmPassword = t('errors.passwordsMismatch');
    if (!checked.ok || Object.keys(errors).length) return invalid(intent, errors, values);
    let result: AuthSessionDto;
    try {
      result = await auth.api.auth.register(checked.value);
    } catch (error) {
      const fields = apiFieldErrors(error);
      if (fields && (fields.firstName || fields.lastName)) fields.fullName = fields.firstName ?? fields.lastName;
      return reply(
        {
          intent,
          values,
          errors: fields ?? undefined,
          toast: failureToast(error, {
            title: t('toast.registerError'),
            fallback: t('toast.registerErrorDefault'),
            network: t('toast.registerNetwork'),
          }),
        },
        error instanceof ApiNetworkError ? 503 : 400,
      );
    }
    const user = auth.signIn(result, false);
    return redirectWithToast(
      request,
      redirectTo ?? '/dashboard/user',
      { title: t('toast.registerSuccess'), description: t('toast.greeting', { name: user.firstName }) },
      { headers: await auth.headers() },
    );
  }

  return reply({ intent: 'login', toast: { title: t('toast.error'), description: t('toast.validationText'), variant: 'destructive' } });
}

export default function AuthPage() {
  const { tab: urlTab, redirectTo } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as ActionResult | undefined;
  const { t } = useTranslation('auth');
  const hydrated = useHydrated();
  const [params] = useSearchParams();
  useToastEffect(result?.toast);

  // After a failed registration the register tab stays open whatever the URL says.
  const tab: Tab = result ? (result.intent === 'register' ? 'register' : 'login') : urlTab;
  const tabHref = (to: Tab) => {
    const next = new URLSearchParams(params);
    if (to === 'register') next.set('tab', 'register');
    else next.delete('tab');
    const qs = next.toString();
    return qs ? `?${qs}` : '?';
  };

  return (
    <div className="container auth-page">
      <div className="auth-card">
        <h1>{t('heading')}</h1>
        <p className="auth-intro">{t('intro')}</p>
        <nav className="auth-tabs" aria-label={t('tabs.label')} role={hydrated ? 'tablist' : undefined}>
          {(['login', 'register'] as const).map((name) => (
            <Link
              key={name}
              id={`tab-${name}`}
              to={tabHref(name)}
              replace
              preventScrollReset
              className="auth-tab"
              role={hydrated ? 'tab' : undefined}
              aria-selected={hydrated ? tab === name : undefined}
              aria-controls={hydrated ? `panel-${name}` : undefined}
              aria-current={!hydrated && tab === name ? 'page' : undefined}
              data-active={tab === name ? 'true' : undefined}
            >
              {t(`tabs.${name}`)}
            </Link>
          ))}
        </nav>
        {/* Without JavaScript the outcome shows here; with it, as a toast. */}
        {!hydrated ? <FormAlert message={result?.toast} /> : null}
        <div
          id={`panel-${tab}`}
          role={hydrated ? 'tabpanel' : undefined}
          aria-labelledby={hydrated ? `tab-${tab}` : undefined}
          className="auth-panel"
        >
          {tab === 'login' ? (
            <LoginForm result={result} redirectTo={redirectTo} />
          ) : (
            <RegisterForm result={result} redirectTo={redirectTo} />
          )}
        </div>
      </div>
    </div>
  );
}

function usePendingIntent(): string | null {
  const navigation = useNavigation();
  if (navigation.state !== 'submitting' || !navigation.formData) return null;
  const intent = navigation.formData.get('intent');
  return typeof intent === 'string' ? intent : null;
}

function LoginForm({ result, redirectTo }: { result?: ActionResult; redirectTo: string | null }) {
  const { t } = useTranslation('auth');
  const pending = usePendingIntent();
  const mine = result && result.intent !== 'register' ? result : undefined;
  const errors = mine?.errors ?? {};
  const values = mine?.values ?? {};
  return (
    <Form method="post" noValidate className="auth-form" aria-labelledby="tab-login">
      <AuthenticityTokenInput />
      {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
      <Field
        name="email"
        label={t('fields.email')}
        type="email"
        autoComplete="email"
        inputMode="email"
        placeholder={t('placeholders.email')}
        defaultValue={values.email}
        error={errors.email}
        required
      />
      <Field
        name="password"
        label={t('fields.password')}
        type="password"
        autoComplete="current-password"
        error={errors.password}
        required
      />
      <label className="checkbox">
        <input type="checkbox" name="rememberMe" defaultChecked={values.rememberMe === 'on'} />
        <span>{t('fields.rememberMe')}</span>
      </label>
      <div className="auth-actions">
        <button type="submit" name="intent" value="login" className="btn btn-primary" disabled={pending !== null}>
          {pending === 'login' ? t('login.pending') : t('login.submit')}
        </button>
        <button type="submit" name="intent" value="forgot" formNoValidate className="btn btn-link" disabled={pending !== null}>
          {pending === 'forgot' ? t('login.forgotPending') : t('login.forgot')}
        </button>
      </div>
      <p className="form-hint">{t('login.forgotHint')}</p>
    </Form>
  );
}

function RegisterForm({ result, redirectTo }: { result?: ActionResult; redirectTo: string | null }) {
  const { t } = useTranslation('auth');
  const pending = usePendingIntent();
  const mine = result?.intent === 'register' ? result : undefined;
  const errors = mine?.errors ?? {};
  const values = mine?.values ?? {};
  return (
    <Form method="post" noValidate className="auth-form" aria-labelledby="tab-register">
      <AuthenticityTokenInput />
      {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
      <Field
        name="fullName"
        label={t('fields.fullName')}
        autoComplete="name"
        placeholder={t('placeholders.fullName')}
        defaultValue={values.fullName}
        error={errors.fullName}
        required
      />
      <Field
        name="email"
        id="register-email"
        label={t('fields.email')}
        type="email"
        autoComplete="email"
        inputMode="email"
        placeholder={t('placeholders.email')}
        defaultValue={values.email}
        error={errors.email}
        required
      />
      <Field
        name="phone"
        label={t('fields.phone')}
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        placeholder={t('placeholders.phone')}
        defaultValue={values.phone}
        error={errors.phone}
        required
      />
      <Field
        name="password"
        id="register-password"
        label={t('fields.password')}
        type="password"
        autoComplete="new-password"
        hint={t('hints.password')}
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
        <button type="submit" name="intent" value="register" className="btn btn-primary" disabled={pending !== null}>
          {pending === 'register' ? t('register.pending') : t('register.submit')}
        </button>
      </div>
    </Form>
  );
}
