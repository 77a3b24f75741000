import { Transform } from 'class-transformer';
import { emailProblem, personNameProblem, phoneProblem } from './auth.dto';
import { LEAD_LIMITS } from './leads.rules';
import type { MessageKey } from './messages';
import { isBlank } from './text';

/**
 * The field rules of the public forms and the lead intake (spec 01 §5), as problem functions
 * (value -> message id of messages.ts, or null) and the transforms the DTO classes share. The
 * API bodies (leads.api.dto.ts) and the form bodies (leads.forms.dto.ts) are built from these,
 * so a rule is written once whichever class uses it.
 */

// ---------------------------------------------------------------------------------------
// Problems (value -> message id or null)

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
export function propertyRefProblem(value: unknown): MessageKey | null {
  if (isBlank(value)) return 'propertyLead.propertyRequired';
  return typeof value === 'string' && value.length <= 300 ? null : 'field.invalid';
}

// ---------------------------------------------------------------------------------------
// Transforms

/** Numbers from JSON numbers or form strings ('' -> undefined: not given); anything else stays (and fails). */
export const ToNumber = () =>
  Transform(({ value }) => {
    if (typeof value !== 'string') return value;
    const s = value.trim().replace(/\s+/g, '').replace(',', '.');
    if (s === '') return undefined;
    return /^-?\d+(\.\d+)?$/.test(s) ? Number(s) : value;
  });

/** The honeypot: anything goes (the service drops the submission when it is filled). */
export const Honeypot = () => Transform(({ value }) => (typeof value === 'string' ? value : value == null ? undefined : String(value)));
