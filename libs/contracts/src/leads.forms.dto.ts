import { IsOptional } from 'class-validator';
import { Check, Trim, TrimToNull, emailProblem } from './auth.dto';
import {
  Honeypot,
  ToNumber,
  messageProblem,
  nameProblem,
  optionalEmailProblem,
  requiredPhoneProblem,
  subjectProblem,
} from './leads.fields';
import {
  calculatorAreaProblem,
  calculatorPriceProblem,
  calculatorTermProblem,
  quizAreaProblem,
  quizBudgetProblem,
  quizFloorProblem,
  quizLocationProblem,
  type QuizBudget,
  type QuizFloor,
  type QuizLocation,
} from './leads.rules';

/**
 * The public forms' bodies (spec 01 §2 Home/Contact/Quiz/Calculator, §5 rules): what the Remix
 * actions validate (validateInput) before they build a create-lead payload (leads.builders.ts)
 * for the API, which validates that payload again with CreateLeadDto.
 */
// ---------------------------------------------------------------------------------------
// Form bodies (validated by the Remix actions; their payloads are built in leads.builders.ts)

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
