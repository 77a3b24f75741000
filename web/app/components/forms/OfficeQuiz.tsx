import { QUIZ_AREA, QUIZ_BUDGETS, QUIZ_FLOORS, QUIZ_LOCATIONS, quizAreaProblem, ruleMessage, type Language } from '@realty/contracts';
import { useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  QUIZ_NAV_FIELD,
  QUIZ_STEPS,
  QUIZ_STEP_FIELD,
  type PublicFormResult,
  type QuizStepKey,
  type QuizValues,
} from '~/lib/forms/public-forms';
import { useHydrated } from '~/lib/serving/use-hydrated';
import { FormMessage, FormSection, PublicFormHiddenFields } from './FormParts';
import { usePublicForm } from './use-public-form';

const OPTIONS: Record<Exclude<QuizStepKey, 'area'>, readonly string[]> = {
  location: QUIZ_LOCATIONS,
  floor: QUIZ_FLOORS,
  budget: QUIZ_BUDGETS,
};

function areaNumber(v: string): number | string {
  return /^\d+$/.test(v.trim()) ? Number(v) : v;
}

/**
 * The four-step office quiz on Home (spec 01 §2 "Office quiz", §3 "Quiz answers", §5, §9):
 * location, floor, area (40-5500 m², step 10, default 350) and budget, a progress text, 'Next'
 * only with an answer, 'Back' disabled on step 1, 'get result' on step 4 ('Обработка...' while
 * it posts), then the completion toast and /catalog. With JavaScript the steps change in the page
 * and only the result is posted; without it every button posts the whole state (answers in
 * hidden fields) and the Home action answers the next step. Either way a success is answered
 * with the redirect to /catalog and its toast (public-forms.server.ts `redirectWithJs`).
 */
export function OfficeQuiz({ initial }: { initial?: PublicFormResult }) {
  const { t, i18n } = useTranslation('forms');
  const hydrated = useHydrated();
  const { fetcher, result, pending } = usePublicForm('quiz', initial);
  const [step, setStep] = useState(initial?.step ?? 1);
  const [values, setValues] = useState<QuizValues>({
    location: initial?.values?.location ?? '',
    floor: initial?.values?.floor ?? '',
    area: initial?.values?.area ?? String(QUIZ_AREA.default),
    budget: initial?.values?.budget ?? '',
  });
  const key = QUIZ_STEPS[step - 1];
  const areaProblem = quizAreaProblem(areaNumber(values.area));
  const answered = key === 'area' ? areaProblem === null : values[key] !== '';
  const serverErrors = result && !result.ok ? (result.errors ?? {}) : {};
  const error =
    serverErrors[key] ?? (hydrated && key === 'area' && areaProblem ? ruleMessage(areaProblem, i18n.language as Language) : undefined);

  const go = (to: number) => (event: MouseEvent<HTMLButtonElement>) => {
    if (!hydrated) return; // without JavaScript the button posts the form
    event.preventDefault();
    setStep(to);
  };

  const legendId = `quiz-step-${key}`;
  return (
    <FormSection id="office-quiz" title={t('quiz.title')} subtitle={t('quiz.subtitle')} className="pf-quiz">
      <fetcher.Form method="post" action="/?index#office-quiz" className="pf-form" noValidate>
        <PublicFormHiddenFields intent="quiz" />
        <input type="hidden" name={QUIZ_STEP_FIELD} value={step} />
        {QUIZ_STEPS.filter((k) => k !== key).map((k) => (
          <input key={k} type="hidden" name={k} value={values[k]} />
        ))}
        <p className="pf-quiz__progress" aria-live="polite">
          {t('quiz.progress', { step, total: QUIZ_STEPS.length })}
        </p>
        <div className="pf-quiz__bar" aria-hidden="true">
          <span style={{ width: `${(step / QUIZ_STEPS.length) * 100}%` }} />
        </div>
        <fieldset
          className={`pf-quiz__step${error ? ' pf-field--invalid' : ''}`}
          aria-describedby={error ? `${legendId}-error` : undefined}
        >
          <legend id={legendId}>{t(`quiz.${key}.title`)}</legend>
          {key === 'area' ? (
            <div className="pf-field">
              <label htmlFor="quiz-area">{t('quiz.area.label')}</label>
              <input
                id="quiz-area"
                name="area"
                type="number"
                inputMode="numeric"
                min={QUIZ_AREA.min}
                max={QUIZ_AREA.max}
                step={QUIZ_AREA.step}
                value={values.area}
                aria-invalid={error ? true : undefined}
                aria-describedby="quiz-area-hint"
                onChange={(e) => setValues((v) => ({ ...v, area: e.target.value }))}
              />
              <p id="quiz-area-hint" className="pf-hint">
                {t('quiz.area.hint')}
              </p>
            </div>
          ) : (
            <div className="pf-options">
              {OPTIONS[key].map((option) => (
                <label key={option} className={`pf-option${values[key] === option ? ' pf-option--checked' : ''}`}>
                  <input
                    type="radio"
                    name={key}
                    value={option}
                    checked={values[key] === option}
                    onChange={() => setValues((v) => ({ ...v, [key]: option }))}
                  />
                  <span>{t(`quiz.${key}.options.${option}`)}</span>
                </label>
              ))}
            </div>
          )}
          {error ? (
            <p id={`${legendId}-error`} className="pf-error">
              {error}
            </p>
          ) : null}
        </fieldset>
        <FormMessage message={result?.ok ? null : result?.toast} />
        <div className="pf-quiz__nav">
          {step < QUIZ_STEPS.length ? (
            <button
              type="submit"
              name={QUIZ_NAV_FIELD}
              value="next"
              className="btn btn-primary pf-quiz__next"
              disabled={hydrated && !answered}
              onClick={go(step + 1)}
            >
              {t('quiz.next')}
            </button>
          ) : (
            <button
              type="submit"
              name={QUIZ_NAV_FIELD}
              value="submit"
              className="btn btn-primary pf-quiz__next"
              disabled={pending || (hydrated && !answered)}
            >
              {pending ? t('quiz.processing') : t('quiz.submit')}
            </button>
          )}
          <button
            type="submit"
            name={QUIZ_NAV_FIELD}
            value="back"
            className="btn btn-secondary pf-quiz__back"
            disabled={step === 1 || pending}
            onClick={go(step - 1)}
          >
            {t('quiz.back')}
          </button>
        </div>
      </fetcher.Form>
    </FormSection>
  );
}
