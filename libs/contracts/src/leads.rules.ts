import type { RuleMessageKey } from './rule.messages';
import { isBlank } from './text';

/**
 * Values and pure rules of the public forms (spec 01 §2, §3, §5, §9; spec 02 §3) with no
 * validation-library import, so browser code (quiz, calculator) can use them without pulling
 * class-validator into the client bundle. The field rules and DTO classes are in leads.fields.ts,
 * leads.api.dto.ts and leads.forms.dto.ts.
 */

// ---------------------------------------------------------------------------------------
// Values

/** Lead sources (spec 02 §3), plus the values the public forms set (spec 01 §7). */
export const LEAD_SOURCES = [
  'website',
  'referral',
  'whatsapp',
  'telegram',
  'social',
  'cold_call',
  'other',
  'office_quiz',
  'website_contact_form',
  'website_contact_page',
  'property_inquiry',
  // an enquiry from a landing page's form (issue 23; the lead's landing_id names the page)
  'landing',
] as const;
export type LeadSource = (typeof LEAD_SOURCES)[number];

/** Lead status (spec 02 §3); every lead starts as 'new'. */
export const LEAD_STATUSES = ['new', 'attempted_contact', 'contacted', 'qualified', 'converted', 'lost', 'postponed'] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

/** Lead quality (spec 02 §3), computed from what the visitor gave (`leadQuality`). */
export const LEAD_QUALITIES = ['hot', 'warm', 'cold'] as const;
export type LeadQuality = (typeof LEAD_QUALITIES)[number];

/** Office quiz answers (spec 01 §3 "Quiz answers", §2 "Office quiz", §9). */
export const QUIZ_LOCATIONS = ['bc', 'residential', 'standalone', 'other'] as const;
export type QuizLocation = (typeof QUIZ_LOCATIONS)[number];
export const QUIZ_FLOORS = ['high', 'medium', 'low', 'entrance'] as const;
export type QuizFloor = (typeof QUIZ_FLOORS)[number];
/** Budget bands: up to 1,000,000; 1-5 million; 5-10 million; above 10 million tenge. */
export const QUIZ_BUDGETS = ['1m', '5m', '10m', '10m+'] as const;
export type QuizBudget = (typeof QUIZ_BUDGETS)[number];
/** Quiz area, m²: 40-5500 in steps of 10, default 350. */
export const QUIZ_AREA = { min: 40, max: 5500, step: 10, default: 350 } as const;

/** Rent calculator (spec 01 §2, §9): area 100 m², 2500 ₸ per m² per month, 12 months. */
export const RENT_CALCULATOR = {
  areaDefault: 100,
  priceDefault: 2500,
  terms: [1, 3, 6, 12, 24, 36] as const,
  termDefault: 12,
  /** Upper bounds so the result stays a sane number. */
  areaMax: 1_000_000,
  priceMax: 100_000_000,
} as const;

/** Lengths of spec 01 §5 (contact schema, lead schema). */
export const LEAD_LIMITS = {
  sourceMax: 50,
  topicMin: 3,
  topicMax: 100,
  subjectMin: 5,
  subjectMax: 100,
  messageMin: 10,
  messageMax: 1000,
  propertyTypeMax: 50,
  /** Budget upper bound (₸): numeric(16,2) in the database. */
  budgetMax: 1e13,
} as const;

/** Texts the public forms put into a lead (spec 01 §7 notes). Data for the sales team: Russian, never translated. */
export const LEAD_TEXTS = {
  defaultFirstName: 'Клиент',
  homeTopic: 'Обращение с сайта',
  homeMessage: 'Клиент оставил номер телефона для связи',
  quizTopic: 'Подбор офиса (квиз)',
  /** Enquiry lead topic and the default enquiry message; {title} is the listing's title. */
  propertyLeadTopic: 'Запрос по объекту',
  propertyLeadMessage: 'Интересует объект: {title}',
} as const;

/** Name of the honeypot field of every public form and write call: must stay empty. */
export const HONEYPOT_FIELD = 'website';

// ---------------------------------------------------------------------------------------
// Pure rules

const oneOf =
  (values: readonly string[], missing: RuleMessageKey) =>
  (value: unknown): RuleMessageKey | null =>
    isBlank(value) ? missing : typeof value === 'string' && values.includes(value) ? null : 'field.enum';

export const quizLocationProblem = oneOf(QUIZ_LOCATIONS, 'quiz.locationRequired');
export const quizFloorProblem = oneOf(QUIZ_FLOORS, 'quiz.floorRequired');
export const quizBudgetProblem = oneOf(QUIZ_BUDGETS, 'quiz.budgetRequired');

/** Quiz area: above 0, 40-5500 in steps of 10. */
export function quizAreaProblem(value: unknown): RuleMessageKey | null {
  if (value === undefined || value === null || value === '') return 'quiz.areaRequired';
  if (typeof value !== 'number' || !Number.isFinite(value)) return 'field.number';
  if (value < QUIZ_AREA.min || value > QUIZ_AREA.max || value % QUIZ_AREA.step !== 0) return 'quiz.areaRange';
  return null;
}

/** Calculator area (m²): a number above 0. */
export function calculatorAreaProblem(value: unknown): RuleMessageKey | null {
  if (typeof value !== 'number' || !Number.isFinite(value)) return 'calculator.areaNumber';
  return value > 0 && value <= RENT_CALCULATOR.areaMax ? null : 'calculator.areaNumber';
}

/** Calculator price per m² (₸ per month): a number above 0. */
export function calculatorPriceProblem(value: unknown): RuleMessageKey | null {
  if (typeof value !== 'number' || !Number.isFinite(value)) return 'calculator.priceNumber';
  return value > 0 && value <= RENT_CALCULATOR.priceMax ? null : 'calculator.priceNumber';
}

/** Calculator term: 1, 3, 6, 12, 24 or 36 months. */
export function calculatorTermProblem(value: unknown): RuleMessageKey | null {
  return typeof value === 'number' && (RENT_CALCULATOR.terms as readonly number[]).includes(value) ? null : 'calculator.term';
}

/**
 * Quality rule (docs/decisions/013-lead-quality-rule.md): hot = phone AND e-mail AND an interest signal
 * (a budget, a listing, or a quiz budget band); warm = a phone (a way to call back); cold =
 * anything else (e-mail only, or no contact at all, e.g. the quiz).
 */
export function leadQuality(lead: {
  phone?: string | null;
  email?: string | null;
  budget?: number | null;
  propertyId?: string | null;
  quizBudget?: string | null;
}): LeadQuality {
  const phone = !isBlank(lead.phone);
  const email = !isBlank(lead.email);
  const interest = (typeof lead.budget === 'number' && lead.budget > 0) || !isBlank(lead.propertyId) || !isBlank(lead.quizBudget);
  if (phone && email && interest) return 'hot';
  if (phone) return 'warm';
  return 'cold';
}

/** splitFullName's defaults for a lead (spec 01 §7 notes: first name 'Клиент', no last name). */
export const LEAD_NAME_DEFAULTS = { firstName: LEAD_TEXTS.defaultFirstName, lastName: '' } as const;

/** splitFullName's defaults for a registration (spec 01 §5: no first name, last name 'Пользователь'). */
export const REGISTRATION_NAME_DEFAULTS = { firstName: '', lastName: 'Пользователь' } as const;

/**
 * Splits a full name on its first space (runs of spaces count as one): the first word is the
 * first name, the rest the last name (spec 01 §5 "Name is split on the first space", §7). A
 * missing part takes its value from `defaults`: a lead's by default ('Клиент', ''), a
 * registration passes REGISTRATION_NAME_DEFAULTS ('', 'Пользователь').
 */
export function splitFullName(
  name: string | null | undefined,
  defaults: { firstName: string; lastName: string } = LEAD_NAME_DEFAULTS,
): { firstName: string; lastName: string } {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  return { firstName: words[0] ?? defaults.firstName, lastName: words.slice(1).join(' ') || defaults.lastName };
}

/** Monthly and total rent of the calculator (spec 01 §2: monthly = area x price, total = monthly x term). */
export function rentCost(input: { area: number; price: number; term: number }): { monthly: number; total: number } {
  const monthly = Math.round(input.area * input.price);
  return { monthly, total: monthly * input.term };
}
