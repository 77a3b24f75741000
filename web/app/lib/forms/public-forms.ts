import type { ToastMessage } from './toast';

/**
 * Shapes shared by the public forms' actions (public-forms.server.ts) and components
 * (~/components/forms): what an action answers and the names of the special fields.
 */

/** Hidden field set to '1' once JavaScript runs: the action then answers data instead of redirecting. */
export const JS_FIELD = '_js';
/** The quiz's current step (1-4) and the button pressed (back | next | submit). */
export const QUIZ_STEP_FIELD = 'quizStep';
export const QUIZ_NAV_FIELD = 'quizNav';
/** The quiz's steps in order (spec 01 §2: location, floor, area, budget). */
export const QUIZ_STEPS = ['location', 'floor', 'area', 'budget'] as const;
export type QuizStepKey = (typeof QUIZ_STEPS)[number];
export type QuizValues = Record<QuizStepKey, string>;

/** What a public form's action answers (400 with errors, or ok). */
export interface PublicFormResult {
  form: 'home-contact' | 'contact-page' | 'property-lead' | 'quiz' | 'landing-lead' | 'unknown';
  ok: boolean;
  /** Field -> message in the page language. */
  errors?: Record<string, string>;
  /** The values as typed, to render them again. */
  values?: Record<string, string>;
  toast?: ToastMessage;
  /** Quiz without JavaScript: the step to show. */
  step?: number;
}

/** Narrows an action's data to a result of `form`. */
export function resultOf(value: unknown, form: PublicFormResult['form']): PublicFormResult | undefined {
  return value && typeof value === 'object' && (value as PublicFormResult).form === form ? (value as PublicFormResult) : undefined;
}
