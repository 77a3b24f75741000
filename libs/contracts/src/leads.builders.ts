import type { CreateLeadBody } from './leads.api.dto';
import type { ContactPageFormDto, HomeContactFormDto, QuizAnswersDto } from './leads.forms.dto';
import { LEAD_TEXTS, splitFullName } from './leads.rules';

/**
 * The create-lead payloads the public forms send to POST /api/leads (spec 01 §7 notes: source,
 * topic and default texts per form) and the enquiry's default message (§5), from the validated
 * form bodies of leads.forms.dto.ts.
 */
// ---------------------------------------------------------------------------------------
// Create-lead payloads

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
export function defaultPropertyLeadMessage(title: string): string {
  return LEAD_TEXTS.propertyLeadMessage.replace('{title}', title);
}
