import { Form, useSearchParams } from '@remix-run/react';
import {
  RENT_CALCULATOR,
  calculatorAreaProblem,
  calculatorPriceProblem,
  calculatorTermProblem,
  rentCost,
  ruleMessage,
  type Language,
} from '@realty/contracts';
import { formatMoney } from '@realty/i18n/format';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormSection } from './FormParts';

function num(v: string): number | string {
  const s = v.trim().replace(/\s+/g, '').replace(',', '.');
  return /^\d+(\.\d+)?$/.test(s) ? Number(s) : v;
}

/**
 * The rent calculator on Home (spec 01 §2 "Rent calculator", §5, §9): area (default 100 m²),
 * price per m² per month (default 2500 ₸), term 1/3/6/12/24/36 months (default 12); monthly =
 * area x price, total = monthly x term, marked approximate, in ₸ with the ru-KZ number format.
 * With JavaScript the result follows the inputs; without it the form is a GET to Home
 * (?area=&price=&term=) and the server render shows the result.
 */
export function RentCalculator() {
  const { t, i18n } = useTranslation('forms');
  const lang = i18n.language as Language;
  const [params] = useSearchParams();
  const [area, setArea] = useState(params.get('area') ?? String(RENT_CALCULATOR.areaDefault));
  const [price, setPrice] = useState(params.get('price') ?? String(RENT_CALCULATOR.priceDefault));
  const [term, setTerm] = useState(params.get('term') ?? String(RENT_CALCULATOR.termDefault));
  const problems = {
    area: calculatorAreaProblem(num(area)),
    price: calculatorPriceProblem(num(price)),
    term: calculatorTermProblem(num(term)),
  };
  const valid = !problems.area && !problems.price && !problems.term;
  const cost = valid ? rentCost({ area: num(area) as number, price: num(price) as number, term: num(term) as number }) : null;
  const error = (k: keyof typeof problems) => (problems[k] ? ruleMessage(problems[k], lang) : null);

  return (
    <FormSection id="rent-calculator" title={t('calculator.title')} subtitle={t('calculator.subtitle')} className="pf-calculator">
      <Form method="get" action="/#rent-calculator" preventScrollReset replace className="pf-form pf-calculator__form" noValidate>
        <div className="pf-grid">
          <div className={`pf-field${error('area') ? ' pf-field--invalid' : ''}`}>
            <label htmlFor="calc-area">{t('calculator.area')}</label>
            <input
              id="calc-area"
              name="area"
              type="number"
              inputMode="decimal"
              min={1}
              value={area}
              onChange={(e) => setArea(e.target.value)}
              aria-invalid={error('area') ? true : undefined}
              aria-describedby={error('area') ? 'calc-area-error' : undefined}
            />
            {error('area') ? (
              <p id="calc-area-error" className="pf-error">
                {error('area')}
              </p>
            ) : null}
          </div>
          <div className={`pf-field${error('price') ? ' pf-field--invalid' : ''}`}>
            <label htmlFor="calc-price">{t('calculator.price')}</label>
            <input
              id="calc-price"
              name="price"
              type="number"
              inputMode="decimal"
              min={1}
              value={price}
              onChange={(e) => setPrice(e.target.value)}
              aria-invalid={error('price') ? true : undefined}
              aria-describedby={error('price') ? 'calc-price-error' : undefined}
            />
            {error('price') ? (
              <p id="calc-price-error" className="pf-error">
                {error('price')}
              </p>
            ) : null}
          </div>
          <div className={`pf-field${error('term') ? ' pf-field--invalid' : ''}`}>
            <label htmlFor="calc-term">{t('calculator.term')}</label>
            <select
              id="calc-term"
              name="term"
              value={term}
              onChange={(e) => setTerm(e.target.value)}
              aria-invalid={error('term') ? true : undefined}
            >
              {RENT_CALCULATOR.terms.map((n) => (
                <option key={n} value={n}>
                  {t('calculator.termOption', { count: n })}
                </option>
              ))}
            </select>
            {error('term') ? <p className="pf-error">{error('term')}</p> : null}
          </div>
        </div>
        <button type="submit" className="btn btn-secondary">
          {t('calculator.calculate')}
        </button>
      </Form>
      <div className="pf-calculator__result" aria-live="polite">
        <dl>
          <div>
            <dt>{t('calculator.monthly')}</dt>
            <dd data-testid="calc-monthly">≈ {cost ? formatMoney(cost.monthly) : '—'}</dd>
          </div>
          <div>
            <dt>{t('calculator.total')}</dt>
            <dd data-testid="calc-total">≈ {cost ? formatMoney(cost.total) : '—'}</dd>
          </div>
        </dl>
        <p className="pf-hint">{t('calculator.approximate')}</p>
      </div>
    </FormSection>
  );
}
