import { data } from '@remix-run/node';
import { ApiError, ApiValidationError, type ApiClient } from '@realty/api-client';
import {
  ContactPageFormDto,
  CreatePropertyLeadDto,
  HONEYPOT_FIELD,
  HomeContactFormDto,
  LandingEnquiryDto,
  QUIZ_AREA,
  QuizAnswersDto,
  contactPageLead,
  homeContactLead,
  quizAreaProblem,
  quizBudgetProblem,
  quizFloorProblem,
  quizLocationProblem,
  quizLead,
  translateMessage,
  validateInput,
  type Language,
  type MessageKey,
} from '@realty/contracts';
import { getLanguage, i18nServer } from '~/i18n.server';
import { getAuth } from '../auth/auth.server';
import { JS_FIELD, QUIZ_NAV_FIELD, QUIZ_STEP_FIELD, QUIZ_STEPS, type PublicFormResult, type QuizValues } from './public-forms';
import type { ToastMessage } from './toast';
import { redirectWithToast } from './toast.server';
import { failureToast, formFields, readPostedForm, type FieldErrors } from './forms.server';

/**
 * Actions of the public forms (spec 01 §2, §5, §7 notes, §8 texts), on the form pattern of
 * forms.server.ts. Every form is validated with the DTO class of @realty/contracts the API
 * validates with (validateInput), errors are returned as 400 with the messages in the page
 * language keyed by field, and the typed values come back
 * so the page re-renders them. With JavaScript (the hidden `_js` field) a success answers data
 * (the component shows the toast and clears the form); without it a success redirects with a
 * flash toast. The web's own CSRF token (validateCsrf) guards every post; the API call goes
 * through the visitor's Auth (API CSRF pair, bearer token when signed in: the lead is theirs).
 */

type Texts = (key: string, options?: Record<string, unknown>) => string;

async function formTexts(request: Request): Promise<{ lang: Language; t: Texts }> {
  const lang = await getLanguage(request);
  return { lang, t: (await i18nServer.getFixedT(lang, 'forms')) as unknown as Texts };
}

interface Submission<T extends object> {
  request: Request;
  form: FormData;
  /** Which form answered (a page may hold several). */
  formName: PublicFormResult['form'];
  dto: new () => T;
  fields: readonly string[];
  /** Added to the validated input (e.g. the listing id of the page). */
  extra?: Record<string, string>;
  /** The API call with the validated value and the honeypot's content. */
  send: (api: ApiClient, value: T, honeypot: string) => Promise<unknown>;
  texts: {
    /** The toast of a refused form; `errors` are the invalid fields (none: the API refused them). */
    validation: (errors: FieldErrors) => ToastMessage;
    success: ToastMessage;
    failure: { title: string; description: string };
  };
  /** Where a post without JavaScript lands after a success (with the toast). */
  successRedirect: string;
  /**
   * A success leads to another page with JavaScript too (the quiz: /catalog): the submission is
   * answered with the same redirect and toast, which makes the page navigate once. Answering
   * data and navigating from an effect raced the revalidation that follows every fetcher
   * action (a browser test saw the navigation aborted, with an AbortError in the console).
   */
  redirectWithJs?: boolean;
}

/** Validates, sends, answers (see the module comment). */
async function submit<T extends object>(s: Submission<T>, lang: Language) {
  const values = formFields(s.form, s.fields);
  const js = s.form.get(JS_FIELD) === '1';
  const honeypot = String(s.form.get(HONEYPOT_FIELD) ?? '');
  const checked = await validateInput(s.dto, { ...values, ...s.extra }, lang);
  if (!checked.ok) {
    const result: PublicFormResult = {
      form: s.formName,
      ok: false,
      errors: checked.errors,
      values,
      toast: s.texts.validation(checked.errors),
    };
    return data(result, { status: 400 });
  }
  const auth = await getAuth(s.request);
  try {
    await s.send(auth.api, checked.value, honeypot);
  } catch (error) {
    const status = error instanceof ApiError ? error.status : 502;
    if (error instanceof ApiValidationError && Object.keys(error.fields).length) {
      const result: PublicFormResult = { form: s.formName, ok: false, errors: { ...error.fields }, values, toast: s.texts.validation({}) };
      return data(result, { status: 400, headers: await auth.headers() });
    }
    if (!(error instanceof ApiError) || error.status >= 500) console.error(`${s.formName}: the API refused the submission`, error);
    const { t } = await formTexts(s.request);
    const toast = failureToast(error, {
      title: s.texts.failure.title,
      fallback: s.texts.failure.description,
      network: s.texts.failure.description,
      networkTitle: t('toast.networkTitle'),
      validationTitle: t('toast.validationTitle'),
      validationText: t('toast.validationText'),
    });
    const result: PublicFormResult = { form: s.formName, ok: false, values, toast };
    return data(result, { status: status >= 400 && status < 600 ? status : 502, headers: await auth.headers() });
  }
  if (!js || s.redirectWithJs) return redirectWithToast(s.request, s.successRedirect, s.texts.success, { headers: await auth.headers() });
  const result: PublicFormResult = { form: s.formName, ok: true, toast: s.texts.success };
  return data(result, { headers: await auth.headers() });
}

/** Home contact form (spec 01 §5; lead payload of spec 01 §7 notes, source website_contact_form). */
export async function homeContactAction(request: Request, form: FormData) {
  const { lang, t } = await formTexts(request);
  return submit(
    {
      request,
      form,
      formName: 'home-contact',
      dto: HomeContactFormDto,
      fields: ['name', 'phone', 'email', 'message'],
      send: (api, value, honeypot) => api.leads.create(homeContactLead(value, honeypot)),
      texts: {
        validation: () => ({ title: t('toast.validationTitle'), description: t('toast.validationText'), variant: 'destructive' }),
        success: { title: t('toast.successTitle'), description: t('toast.successText') },
        failure: { title: t('toast.errorTitle'), description: t('toast.errorText') },
      },
      successRedirect: '/#contact-form',
    },
    lang,
  );
}

/** Contact page form (spec 01 §5 shared contact schema; source website_contact_page). */
export async function contactPageAction(request: Request, form: FormData) {
  const { lang, t } = await formTexts(request);
  return submit(
    {
      request,
      form,
      formName: 'contact-page',
      dto: ContactPageFormDto,
      fields: ['name', 'phone', 'email', 'subject', 'message'],
      send: (api, value, honeypot) => api.leads.create(contactPageLead(value, honeypot)),
      texts: {
        validation: () => ({ title: t('toast.validationTitle'), description: t('toast.validationText'), variant: 'destructive' }),
        success: { title: t('toast.successTitle'), description: t('toast.successText') },
        failure: { title: t('toast.errorTitle'), description: t('toast.errorTextContact') },
      },
      successRedirect: '/contact#contact-page-form',
    },
    lang,
  );
}

/** Property enquiry (spec 01 §5 "Property enquiry", §7 POST /inquiries, §8 texts). */
export async function propertyLeadAction(request: Request, form: FormData, property: { id: string; path: string }) {
  const { lang, t } = await formTexts(request);
  return submit(
    {
      request,
      form,
      formName: 'property-lead',
      dto: CreatePropertyLeadDto,
      fields: ['name', 'phone', 'email', 'message'],
      extra: { propertyId: property.id },
      send: (api, value, honeypot) =>
        api.leads.createForProperty({
          propertyId: property.id,
          name: value.name,
          phone: value.phone,
          email: value.email ?? '',
          message: value.message ?? '',
          ...(honeypot ? { website: honeypot } : {}),
        }),
      texts: {
        validation: (errors) =>
          errors.name || errors.phone
            ? { title: t('propertyLead.requiredTitle'), description: t('propertyLead.requiredText'), variant: 'destructive' }
            : { title: t('toast.validationTitle'), description: t('toast.validationText'), variant: 'destructive' },
        success: { title: t('propertyLead.successTitle'), description: t('propertyLead.successText') },
        failure: { title: t('propertyLead.failureTitle'), description: t('propertyLead.failureText') },
      },
      successRedirect: `${property.path}#enquiry`,
    },
    lang,
  );
}

/**
 * A landing page's enquiry (issue 23; the home contact form's fields, spec 01 §5): POST
 * /api/landings/public/{slug}/leads, a lead with source 'landing' and the landing's id.
 */
export async function landingLeadAction(request: Request, form: FormData, landing: { slug: string; path: string }) {
  const { lang } = await formTexts(request);
  const t = (await i18nServer.getFixedT(lang, 'landings')) as unknown as Texts;
  const tf = (await i18nServer.getFixedT(lang, 'forms')) as unknown as Texts;
  return submit(
    {
      request,
      form,
      formName: 'landing-lead',
      dto: LandingEnquiryDto,
      fields: ['name', 'phone', 'email', 'message'],
      send: (api, value, honeypot) =>
        api.landings.enquiry(landing.slug, {
          name: value.name ?? null,
          phone: value.phone,
          email: value.email ?? null,
          message: value.message ?? null,
          ...(honeypot ? { website: honeypot } : {}),
        }),
      texts: {
        validation: () => ({ title: tf('toast.validationTitle'), description: tf('toast.validationText'), variant: 'destructive' }),
        success: { title: t('page.successTitle'), description: t('page.successText') },
        failure: { title: t('page.failureTitle'), description: t('page.failureText') },
      },
      successRedirect: `${landing.path}#enquiry`,
    },
    lang,
  );
}

const STEP_PROBLEM: Record<(typeof QUIZ_STEPS)[number], (v: unknown) => MessageKey | null> = {
  location: quizLocationProblem,
  floor: quizFloorProblem,
  area: (v) => quizAreaProblem(typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v) : v === '' ? undefined : v),
  budget: quizBudgetProblem,
};

/**
 * The office quiz (spec 01 §2 "Office quiz", §5 "Quiz"; lead source office_quiz). Without
 * JavaScript it is a multi-step form: every step posts all answers (hidden fields) with
 * quizNav = back | next | submit and the action answers the step to show; 'next' needs an
 * answer to the current step. 'submit' validates every answer with QuizAnswersDto, stores the
 * lead and goes to /catalog with the completion toast (JavaScript: the component does that).
 */
export async function quizAction(request: Request, form: FormData) {
  const { lang, t } = await formTexts(request);
  const values: QuizValues = {
    location: String(form.get('location') ?? ''),
    floor: String(form.get('floor') ?? ''),
    area: String(form.get('area') ?? String(QUIZ_AREA.default)),
    budget: String(form.get('budget') ?? ''),
  };
  const nav = String(form.get(QUIZ_NAV_FIELD) ?? 'next');
  const rawStep = Number(form.get(QUIZ_STEP_FIELD));
  const step = Number.isInteger(rawStep) && rawStep >= 1 && rawStep <= QUIZ_STEPS.length ? rawStep : 1;
  const answer = (s: number): PublicFormResult => ({ form: 'quiz', ok: true, step: s, values });
  if (nav === 'back') return data(answer(Math.max(1, step - 1)));
  if (nav === 'next') {
    const key = QUIZ_STEPS[step - 1];
    const problem = STEP_PROBLEM[key](values[key]);
    if (problem) return data({ ...answer(step), ok: false, errors: { [key]: translateMessage(problem, lang) } }, { status: 400 });
    return data(answer(Math.min(QUIZ_STEPS.length, step + 1)));
  }
  // submit: every answer must be valid; show the first step with a problem
  const checked = await validateInput(QuizAnswersDto, { ...values }, lang);
  if (!checked.ok) {
    const first = QUIZ_STEPS.findIndex((k) => checked.errors[k]);
    const result: PublicFormResult = {
      form: 'quiz',
      ok: false,
      step: first >= 0 ? first + 1 : step,
      values,
      errors: checked.errors,
      toast: { title: t('toast.validationTitle'), description: t('toast.validationText'), variant: 'destructive' },
    };
    return data(result, { status: 400 });
  }
  return submit(
    {
      request,
      form,
      formName: 'quiz',
      dto: QuizAnswersDto,
      fields: QUIZ_STEPS,
      send: (api, value, honeypot) => api.leads.create(quizLead(value, honeypot)),
      texts: {
        validation: () => ({ title: t('toast.validationTitle'), description: t('toast.validationText'), variant: 'destructive' }),
        success: { title: t('quiz.successTitle'), description: t('quiz.successText') },
        failure: { title: t('toast.errorTitle'), description: t('quiz.failure') },
      },
      successRedirect: '/catalog',
      redirectWithJs: true,
    },
    lang,
  );
}

/** The Home page's action: the contact form or the quiz (field `intent`); 400 for anything else. */
export async function homeAction(request: Request) {
  const form = await readPostedForm(request);
  const intent = form.get('intent');
  if (intent === 'home-contact') return homeContactAction(request, form);
  if (intent === 'quiz') return quizAction(request, form);
  return data({ form: 'unknown', ok: false } satisfies PublicFormResult, { status: 400 });
}
