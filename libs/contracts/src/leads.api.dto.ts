import { Transform } from 'class-transformer';
import { IsOptional } from 'class-validator';
import { Check, Trim, TrimToNull, phoneProblem } from './auth.dto';
import { isBlank } from './text';
import {
  Honeypot,
  ToNumber,
  budgetProblem,
  messageProblem,
  nameProblem,
  optionalEmailProblem,
  propertyRefProblem,
  propertyTypeProblem,
  requiredPhoneProblem,
  sourceProblem,
  topicProblem,
} from './leads.fields';
import {
  quizAreaProblem,
  quizBudgetProblem,
  quizFloorProblem,
  quizLocationProblem,
  type LeadStatus,
  type QuizBudget,
  type QuizFloor,
  type QuizLocation,
} from './leads.rules';

/**
 * The lead intake API (spec 01 §3 Lead, Enquiry, §7 create-lead and enquiry calls; spec 02 §3
 * lead status): the bodies the API's ValidationPipe validates and the answers it gives. The
 * field rules are those of leads.fields.ts; the public forms' own bodies are in
 * leads.forms.dto.ts and their create-lead payloads are built in leads.builders.ts.
 */
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
export class CreatePropertyLeadDto {
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
export interface PropertyLeadCreatedDto {
  id: string;
  leadId: string;
  duplicate?: boolean;
}

/** One enquiry of the signed-in user (GET /api/user/inquiries). */
export interface UserLeadDto {
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
