import { Transform, plainToInstance } from 'class-transformer';
import { IsOptional, validate, type ValidationError } from 'class-validator';
import { Check, Trim, TrimToNull, emailProblem, personNameProblem, phoneProblem } from './auth.dto';
import {
  LEAD_LIMITS,
  LEAD_TEXTS,
  calculatorAreaProblem,
  calculatorPriceProblem,
  calculatorTermProblem,
  quizAreaProblem,
  quizBudgetProblem,
  quizFloorProblem,
  quizLocationProblem,
  splitFullName,
  type LeadStatus,
  type QuizBudget,
  type QuizFloor,
  type QuizLocation,
} from './leads.rules';
import type { MessageKey } from './messages';

/**
 * Public forms and lead intake (spec 01 §2 Home/Contact/Property/Quiz/Calculator, §3 Lead,
 * Enquiry, Quiz answers, §5 rules, §7 create-lead payloads; spec 02 §3 lead sources, status and
 * quality). The rules live here ONCE: the API's ValidationPipe validates its bodies with these
 * classes and the Remix actions validate the submitted forms with them (`validateInput`), so a
 * form and the API never disagree. Validators return message ids of messages.ts.
 */

// ---------------------------------------------------------------------------------------
// Problems (value -> message id or null)

const isBlank = (v: unknown): boolean => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** Required phone (spec 01 §5 phone rule). */
export function requiredPhoneProblem(value: unknown): MessageKey | null {
  return isBlank(value) ? 'phone.required' : phoneProblem(value);
}

/** Optional e-mail: may be empty, must be valid when present (spec 01 §5 Home contact form). */
export function optionalEmailProblem(value: unknown): MessageKey | null {
  return isBlank(value) ? null : emailProblem(value);
}

/** A person's (full) name, 2-50 Cyrillic or Latin letters and spaces; required or optional. */
export function nameProblem(value: unknown, required: boolean): MessageKey | null {
  if (isBlank(value)) return required ? 'person.nameRequired' : null;
  return personNameProblem(value, 'person.nameRequired');
}

/** Contact subject: required, 5-100 characters. */
export function subjectProblem(value: unknown): MessageKey | null {
  if (isBlank(value)) return 'contact.subjectRequired';
  if (typeof value !== 'string') return 'field.invalid';
  const n = value.trim().length;
  return n < LEAD_LIMITS.subjectMin || n > LEAD_LIMITS.subjectMax ? 'contact.subjectLength' : null;
}

/** Message: 10-1000 characters; required (contact page) or optional (may be empty). */
export function messageProblem(value: unknown, required: boolean): MessageKey | null {
  if (isBlank(value)) return required ? 'contact.messageRequired' : null;
  if (typeof value !== 'string') return 'field.invalid';
  const n = value.trim().length;
  return n < LEAD_LIMITS.messageMin || n > LEAD_LIMITS.messageMax ? 'contact.messageLength' : null;
}

/** Lead source: 1-50 characters. */
export function sourceProblem(value: unknown): MessageKey | null {
  if (isBlank(value)) return 'lead.sourceRequired';
  return typeof value === 'string' && value.trim().length <= LEAD_LIMITS.sourceMax ? null : 'lead.sourceLength';
}

/** Lead topic: 3-100 characters. */
export function topicProblem(value: unknown): MessageKey | null {
  if (isBlank(value)) return 'lead.topicRequired';
  if (typeof value !== 'string') return 'field.invalid';
  const n = value.trim().length;
  return n < LEAD_LIMITS.topicMin || n > LEAD_LIMITS.topicMax ? 'lead.topicLength' : null;
}

/** Budget: a positive number (₸). */
export function budgetProblem(value: unknown): MessageKey | null {
  if (typeof value !== 'number' || !Number.isFinite(value)) return 'field.number';
  return value > 0 && value < LEAD_LIMITS.budgetMax ? null : 'lead.budgetPositive';
}

/** Property type: at most 50 characters. */
export function propertyTypeProblem(value: unknown): MessageKey | null {
  if (typeof value !== 'string') return 'field.invalid';
  return value.length <= LEAD_LIMITS.propertyTypeMax ? null : 'lead.propertyTypeLength';
}

/** A listing id or slug (enquiries). */
function propertyRefProblem(value: unknown): MessageKey | null {
  if (isBlank(value)) return 'inquiry.propertyRequired';
  return typeof value === 'string' && value.length <= 300 ? null : 'field.invalid';
}

// ---------------------------------------------------------------------------------------
// Transforms

/** Numbers from JSON numbers or form strings ('' -> undefined: not given); anything else stays (and fails). */
const ToNumber = () =>
  Transform(({ value }) => {
    if (typeof value !== 'string') return value;
    const s = value.trim().replace(/\s+/g, '').replace(',', '.');
    if (s === '') return undefined;
    return /^-?\d+(\.\d+)?$/.test(s) ? Number(s) : value;
  });

/** The honeypot: anything goes (the service drops the submission when it is filled). */
const Honeypot = () => Transform(({ value }) => (typeof value === 'string' ? value : value == null ? undefined : String(value)));

// ---------------------------------------------------------------------------------------
// API bodies

/**
 * POST /api/leads: the public create-lead call (spec 01 §7 "Create lead"; lead schema of §5:
 * source 1-50, topic 3-100, message 10-1000 optional, budget positive optional, propertyType up
 * to 50 optional). Name, phone and e-mail are optional here (the quiz sends none), but must
 * follow the rules when given. The quiz answers travel as structured fields.
 */
export class CreateLeadDto {
  @IsOptional()
  @TrimToNull()
  @Check('firstName', (v) => nameProblem(v, false))
  firstName?: string | null;

  /** The rest of the name (may be several words); letters and spaces, up to 50. */
  @IsOptional()
  @TrimToNull()
  @Check('lastName', (v) => nameProblem(v, false))
  lastName?: string | null;

  @IsOptional()
  @TrimToNull()
  @Check('phone', (v) => (isBlank(v) ? null : phoneProblem(v)))
  phone?: string | null;

  @IsOptional()
  @TrimToNull()
  @Transform(({ value }) => (typeof value === 'string' ? value.toLowerCase() : value))
  @Check('email', optionalEmailProblem)
  email?: string | null;

  @Trim()
  @Check('source', sourceProblem)
  source: string;

  @Trim()
  @Check('topic', topicProblem)
  topic: string;

  @IsOptional()
  @TrimToNull()
  @Check('message', (v) => messageProblem(v, false))
  message?: string | null;

  @IsOptional()
  @ToNumber()
  @Check('budget', budgetProblem)
  budget?: number;

  @IsOptional()
  @TrimToNull()
  @Check('propertyType', propertyTypeProblem)
  propertyType?: string | null;

  /** The listing the lead is about (uuid or slug), when any. */
  @IsOptional()
  @TrimToNull()
  @Check('propertyId', (v) => (isBlank(v) ? null : propertyRefProblem(v)))
  propertyId?: string | null;

  @IsOptional()
  @TrimToNull()
  @Check('quizLocation', quizLocationProblem)
  quizLocation?: QuizLocation;

  @IsOptional()
  @TrimToNull()
  @Check('quizFloor', quizFloorProblem)
  quizFloor?: QuizFloor;

  @IsOptional()
  @ToNumber()
  @Check('quizArea', quizAreaProblem)
  quizArea?: number;

  @IsOptional()
  @TrimToNull()
  @Check('quizBudget', quizBudgetProblem)
  quizBudget?: QuizBudget;

  /** Honeypot: must be empty. */
  @IsOptional()
  @Honeypot()
  website?: string;
}

/**
 * POST /api/inquiries (spec 01 §3 "Enquiry": propertyId, name, email, phone, message; §5
 * "Property enquiry": name and phone required, e-mail optional, an empty message becomes
 * 'Интересует объект: {title}'). Also the body of the property page's enquiry form.
 */
export class CreateInquiryDto {
  /** The listing's uuid or slug. */
  @Trim()
  @Check('propertyId', propertyRefProblem)
  propertyId: string;

  @Trim()
  @Check('name', (v) => nameProblem(v, true))
  name: string;

  @Trim()
  @Check('phone', requiredPhoneProblem)
  phone: string;

  @IsOptional()
  @TrimToNull()
  @Transform(({ value }) => (typeof value === 'string' ? value.toLowerCase() : value))
  @Check('email', optionalEmailProblem)
  email?: string | null;

  @IsOptional()
  @TrimToNull()
  @Check('message', (v) => messageProblem(v, false))
  message?: string | null;

  @IsOptional()
  @Honeypot()
  website?: string;
}

// ---------------------------------------------------------------------------------------
// Form bodies (validated by the Remix actions; their payloads are built below)

/** Home contact form (spec 01 §5): name optional; phone required; e-mail optional; message optional. */
export class HomeContactFormDto {
  @IsOptional()
  @TrimToNull()
  @Check('name', (v) => nameProblem(v, false))
  name?: string | null;

  @Trim()
  @Check('phone', requiredPhoneProblem)
  phone: string;

  @IsOptional()
  @TrimToNull()
  @Check('email', optionalEmailProblem)
  email?: string | null;

  @IsOptional()
  @TrimToNull()
  @Check('message', (v) => messageProblem(v, false))
  message?: string | null;

  @IsOptional()
  @Honeypot()
  website?: string;
}

/** Contact page form (spec 01 §5 shared contact schema): every field required; subject 5-100, message 10-1000. */
export class ContactPageFormDto {
  @Trim()
  @Check('name', (v) => nameProblem(v, true))
  name: string;

  @Trim()
  @Check('phone', requiredPhoneProblem)
  phone: string;

  @Trim()
  @Check('email', emailProblem)
  email: string;

  @Trim()
  @Check('subject', subjectProblem)
  subject: string;

  @Trim()
  @Check('message', (v) => messageProblem(v, true))
  message: string;

  @IsOptional()
  @Honeypot()
  website?: string;
}

/** Office quiz (spec 01 §5 "Quiz"): location, floor and budget from the lists; area 40-5500 step 10. */
export class QuizAnswersDto {
  @Trim()
  @Check('location', quizLocationProblem)
  location: QuizLocation;

  @Trim()
  @Check('floor', quizFloorProblem)
  floor: QuizFloor;

  @ToNumber()
  @Check('area', quizAreaProblem)
  area: number;

  @Trim()
  @Check('budget', quizBudgetProblem)
  budget: QuizBudget;

  @IsOptional()
  @Honeypot()
  website?: string;
}

/** Rent calculator (spec 01 §5 "Calculator"): numeric area and price; term one of 1, 3, 6, 12, 24, 36. */
export class RentCalculatorDto {
  @ToNumber()
  @Check('area', calculatorAreaProblem)
  area: number;

  @ToNumber()
  @Check('price', calculatorPriceProblem)
  price: number;

  @ToNumber()
  @Check('term', calculatorTermProblem)
  term: number;
}

// ---------------------------------------------------------------------------------------
// Validation outside Nest (Remix actions)

/** Field name -> message id of the first failed rule. */
export type FieldMessageKeys = Record<string, MessageKey>;

export type Validated<T> = { ok: true; value: T } | { ok: false; errors: FieldMessageKeys };

function collect(errors: ValidationError[], out: FieldMessageKeys): FieldMessageKeys {
  for (const e of errors) {
    const messages = Object.values(e.constraints ?? {});
    if (messages.length && !out[e.property]) out[e.property] = messages[messages.length - 1] as MessageKey;
  }
  return out;
}

/**
 * Validates a plain object (e.g. the fields of a submitted form) with one of the classes
 * above, exactly as the API's ValidationPipe does (same transforms, same rules); unknown
 * fields are dropped. Returns the transformed value or the field errors (message ids).
 */
export async function validateInput<T extends object>(cls: new () => T, input: Record<string, unknown>): Promise<Validated<T>> {
  const instance = plainToInstance(cls, input);
  const errors = await validate(instance, { whitelist: true, stopAtFirstError: true, forbidUnknownValues: false });
  return errors.length ? { ok: false, errors: collect(errors, {}) } : { ok: true, value: instance };
}

// ---------------------------------------------------------------------------------------
// Lead rules

/** The create-lead body of the Home contact form (spec 01 §7 notes). */
export function homeContactLead(form: HomeContactFormDto, honeypot?: string): CreateLeadBody {
  return {
    ...splitFullName(form.name),
    phone: form.phone,
    email: form.email ?? '',
    source: 'website_contact_form',
    topic: LEAD_TEXTS.homeTopic,
    message: form.message || LEAD_TEXTS.homeMessage,
    ...(honeypot ? { website: honeypot } : {}),
  };
}

/** The create-lead body of the contact page form (spec 01 §7: source website_contact_page, topic and message from the form). */
export function contactPageLead(form: ContactPageFormDto, honeypot?: string): CreateLeadBody {
  return {
    ...splitFullName(form.name),
    phone: form.phone,
    email: form.email,
    source: 'website_contact_page',
    topic: form.subject,
    message: form.message,
    ...(honeypot ? { website: honeypot } : {}),
  };
}

/** Russian labels of the quiz answers, for the lead's message (data for the sales team). */
const QUIZ_LABELS_RU = {
  location: { bc: 'бизнес-центр', residential: 'жилой комплекс', standalone: 'отдельное здание', other: 'другое' },
  floor: { high: 'высокий этаж', medium: 'средний этаж', low: 'низкий этаж', entrance: 'вход с улицы' },
  budget: { '1m': 'до 1 000 000 ₸', '5m': '1-5 млн ₸', '10m': '5-10 млн ₸', '10m+': 'более 10 млн ₸' },
} as const;

/**
 * The create-lead body of the office quiz (spec 01 §7: source office_quiz, empty phone and
 * e-mail). The answers are structured fields; the message repeats them in words for the inbox.
 */
export function quizLead(answers: QuizAnswersDto, honeypot?: string): CreateLeadBody {
  const message =
    `Расположение: ${QUIZ_LABELS_RU.location[answers.location]}; этаж: ${QUIZ_LABELS_RU.floor[answers.floor]}; ` +
    `площадь: ${answers.area} м²; бюджет: ${QUIZ_LABELS_RU.budget[answers.budget]}`;
  return {
    firstName: LEAD_TEXTS.defaultFirstName,
    lastName: '',
    phone: '',
    email: '',
    source: 'office_quiz',
    topic: LEAD_TEXTS.quizTopic,
    message,
    quizLocation: answers.location,
    quizFloor: answers.floor,
    quizArea: answers.area,
    quizBudget: answers.budget,
    ...(honeypot ? { website: honeypot } : {}),
  };
}

/** The default enquiry message (spec 01 §5). */
export function defaultInquiryMessage(title: string): string {
  return LEAD_TEXTS.inquiryMessage.replace('{title}', title);
}

/** A create-lead body as JSON (what the web sends to POST /api/leads). */
export interface CreateLeadBody {
  firstName?: string;
  lastName?: string;
  phone?: string;
  email?: string;
  source: string;
  topic: string;
  message?: string;
  budget?: number;
  propertyType?: string;
  propertyId?: string;
  quizLocation?: QuizLocation;
  quizFloor?: QuizFloor;
  quizArea?: number;
  quizBudget?: QuizBudget;
  website?: string;
}

/** Answer of POST /api/leads and POST /api/inquiries. `duplicate` is true when an equal recent lead was reused (200). */
export interface LeadCreatedDto {
  id: string;
  status: LeadStatus;
  duplicate?: boolean;
}

/** Answer of POST /api/inquiries. */
export interface InquiryCreatedDto {
  id: string;
  leadId: string;
  duplicate?: boolean;
}

/** One enquiry of the signed-in user (GET /api/user/inquiries). */
export interface UserInquiryDto {
  id: string;
  kind: 'inquiry' | 'lead';
  propertyId: string | null;
  propertySlug: string | null;
  propertyTitle: string | null;
  topic: string;
  message: string;
  status: LeadStatus;
  createdAt: string;
}

