import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data } from '@remix-run/node';
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { ApiError, ApiNetworkError } from '@realty/api-client';
import { ChangePasswordDto, UpdateProfileDto, validateInput, type AuthUserDto, type Language } from '@realty/contracts';
import { LANGUAGE_NAMES, supportedLanguages } from '@realty/i18n';
import { useTranslation } from 'react-i18next';
import { DashboardErrorBoundary } from '~/components/account/Dashboard';
import { Field, FormAlert } from '~/components/account/Field';
import { AuthenticityTokenInput } from '~/components/csrf';
import { useToastEffect } from '~/components/toast/Toaster';
import { languageCookie } from '~/cookies.server';
import { i18nServer } from '~/i18n.server';
import { requireUser, rethrowAuthError } from '~/lib/auth/auth.server';
import { apiFieldErrors, failureToast, formFields, readPostedForm, type FieldErrors } from '~/lib/forms/forms.server';
import type { ToastMessage } from '~/lib/forms/toast';
import { redirectWithToast } from '~/lib/forms/toast.server';
import { useHydrated } from '~/lib/serving/use-hydrated';
import { dashboardMeta } from '~/lib/i18n/error-meta';

export const meta: MetaFunction<typeof loader> = (args) => dashboardMeta(args, args.data?.title);

/** /dashboard/profile (spec 02 §2): name, phone, preferred language; change password. */
export async function loader({ request }: LoaderFunctionArgs) {
  const auth = await requireUser(request);
  const t = await i18nServer.getFixedT(auth.lang, 'dashboard');
  let profile: AuthUserDto | null = null;
  try {
    profile = await auth.api.auth.me();
  } catch (error) {
    await rethrowAuthError(request, auth, error);
  }
  return data({ title: t('meta.title', { page: t('profile.title') }), profile: profile as AuthUserDto }, { headers: await auth.headers() });
}

interface ActionResult {
  intent: 'profile' | 'password';
  errors?: FieldErrors;
  values?: Record<string, string>;
  toast?: ToastMessage;
}

export async function action({ request }: ActionFunctionArgs) {
  const form = await readPostedForm(request);
  const auth = await requireUser(request);
  const lang = auth.lang;
  const [t, ta] = await Promise.all([i18nServer.getFixedT(lang, 'dashboard'), i18nServer.getFixedT(lang, 'auth')]);
  const reply = async (result: ActionResult, status = 400) => data(result, { status, headers: await auth.headers() });
  const validationToast: ToastMessage = { title: ta('toast.validation'), description: ta('toast.validationText'), variant: 'destructive' };
  const failure = (error: unknown) =>
    failureToast(error, {
      title: t('error'),
      fallback: ta('toast.resetErrorText'),
      network: ta('toast.network'),
      networkTitle: ta('toast.network'),
    });
  const intent = form.get('intent');

  if (intent === 'profile') {
    const f = formFields(form, ['firstName', 'lastName', 'phone', 'language'] as const);
    const values = { ...f };
    const checked = await validateInput(UpdateProfileDto, { ...f }, lang);
    if (!checked.ok) return reply({ intent, values, errors: checked.errors, toast: validationToast });
    let updated: AuthUserDto;
    try {
      updated = await auth.api.auth.updateMe({ ...checked.value, phone: checked.value.phone ?? null });
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) await rethrowAuthError(request, auth, error);
      return reply(
        { intent, values, errors: apiFieldErrors(error) ?? undefined, toast: failure(error) },
        error instanceof ApiNetworkError ? 503 : 400,
      );
    }
    // The greeting uses the new name; the interface follows the preferred language.
    auth.updateUser({ firstName: updated.firstName });
    const headers = await auth.headers();
    headers.append('Set-Cookie', await languageCookie.serialize(updated.language));
    const tn = await i18nServer.getFixedT(updated.language as Language, 'dashboard');
    return redirectWithToast(request, '/dashboard/profile', { title: tn('profile.saved') }, { headers });
  }

  if (intent === 'password') {
    const f = formFields(form, ['currentPassword', 'newPassword', 'confirmPassword'] as const);
    const checked = await validateInput(ChangePasswordDto, { ...f }, lang);
    const errors: FieldErrors = checked.ok ? {} : { ...checked.errors };
    if (f.confirmPassword !== f.newPassword) errors.confirmPassword = ta('errors.passwordsMismatch');
    if (!checked.ok || Object.keys(errors).length) return reply({ intent, errors, toast: validationToast });
    try {
      await auth.api.auth.changePassword({ currentPassword: f.currentPassword, newPassword: f.newPassword });
    } catch (error) {
      const fields = apiFieldErrors(error);
      // 400 fields.currentPassword ('Неверный текущий пароль') is a field error, not a lost session.
      if (error instanceof ApiError && error.status === 401) await rethrowAuthError(request, auth, error);
      return reply({ intent, errors: fields ?? undefined, toast: failure(error) }, error instanceof ApiNetworkError ? 503 : 400);
    }
    return redirectWithToast(
      request,
      '/dashboard/profile',
      { title: t('profile.passwordChanged'), description: t('profile.passwordChangedText') },
      { headers: await auth.headers() },
    );
  }

  return reply({ intent: 'profile', toast: validationToast });
}

export default function ProfilePage() {
  const { profile } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as ActionResult | undefined;
  const { t } = useTranslation('dashboard');
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const pending = navigation.state === 'submitting' ? navigation.formData?.get('intent') : null;
  useToastEffect(result?.toast);
  const p = result?.intent === 'profile' ? result : undefined;
  const pw = result?.intent === 'password' ? result : undefined;
  const values = p?.values ?? {};
  return (
    <section aria-labelledby="profile-title">
      <h1 id="profile-title">{t('profile.title')}</h1>
      {!hydrated ? <FormAlert message={result?.toast} /> : null}
      <div className="profile-grid">
        <Form method="post" noValidate className="dashboard-card auth-form" aria-labelledby="profile-personal">
          <h2 id="profile-personal">{t('profile.personal')}</h2>
          <AuthenticityTokenInput />
          <Field name="email" label={t('profile.email')} type="email" value={profile.email} readOnly disabled />
          <Field
            name="firstName"
            label={t('profile.firstName')}
            autoComplete="given-name"
            defaultValue={values.firstName ?? profile.firstName}
            error={p?.errors?.firstName}
            required
          />
          <Field
            name="lastName"
            label={t('profile.lastName')}
            autoComplete="family-name"
            defaultValue={values.lastName ?? profile.lastName}
            error={p?.errors?.lastName}
            required
          />
          <Field
            name="phone"
            label={t('profile.phone')}
            type="tel"
            autoComplete="tel"
            defaultValue={values.phone ?? profile.phone ?? ''}
            error={p?.errors?.phone}
          />
          <Field name="language" label={t('profile.language')} error={p?.errors?.language}>
            <select id="field-language" name="language" defaultValue={values.language ?? profile.language}>
              {supportedLanguages.map((l) => (
                <option key={l} value={l}>
                  {LANGUAGE_NAMES[l]}
                </option>
              ))}
            </select>
          </Field>
          <button type="submit" name="intent" value="profile" className="btn btn-primary" disabled={!!pending}>
            {pending === 'profile' ? t('profile.saving') : t('profile.save')}
          </button>
        </Form>
        <Form method="post" noValidate className="dashboard-card auth-form" aria-labelledby="profile-password">
          <h2 id="profile-password">{t('profile.passwordTitle')}</h2>
          <AuthenticityTokenInput />
          <input type="text" name="username" autoComplete="username" value={profile.email} readOnly hidden />
          <Field
            name="currentPassword"
            label={t('profile.currentPassword')}
            type="password"
            autoComplete="current-password"
            error={pw?.errors?.currentPassword}
            required
          />
          <Field
            name="newPassword"
            label={t('profile.newPassword')}
            type="password"
            autoComplete="new-password"
            error={pw?.errors?.newPassword}
            required
          />
          <Field
            name="confirmPassword"
            id="profile-confirm"
            label={t('profile.confirmPassword')}
            type="password"
            autoComplete="new-password"
            error={pw?.errors?.confirmPassword}
            required
          />
          <button type="submit" name="intent" value="password" className="btn btn-primary" disabled={!!pending}>
            {pending === 'password' ? t('profile.saving') : t('profile.changePassword')}
          </button>
        </Form>
      </div>
    </section>
  );
}

export const ErrorBoundary = DashboardErrorBoundary;
