import 'reflect-metadata';
import { IsOptional } from 'class-validator';
import { LANGUAGES, type Language } from './enums';
import { PARTNER_QUERY_LIMITS } from './partners';
import { QueryRules } from './query-rules';

const { filterText, optionEnum, optionNumber, filterBoolean, IsQueryNumber, IsQueryEnum, IsQueryBoolean, IsQueryText, IsQuerySlug } =
  QueryRules;

/** Query DTOs of the partners API (spec 01 §7); kept apart from partners.ts so pages can import its constants without the validators. */

/** `?lang=` only (GET /api/partners/{id or slug}). */
export class PartnerDetailQuery {
  @IsOptional()
  @optionEnum()
  @IsQueryEnum(LANGUAGES)
  lang?: Language;
}

/** GET /api/partners query (spec 01 §7: limit, page, featured; issue 5: category, q, isInBusinessCenter). */
export class PartnersQuery extends PartnerDetailQuery {
  /** Page, 1..10000, default 1. */
  @IsOptional()
  @optionNumber()
  @IsQueryNumber({ min: 1, max: PARTNER_QUERY_LIMITS.pageMax, integer: true, rangeMessage: 'field.page' })
  page?: number;

  /** Page size, 1..100, default 100 (spec 01 §9 "Partners fetched 100 per page"). */
  @IsOptional()
  @optionNumber()
  @IsQueryNumber({ min: 1, max: PARTNER_QUERY_LIMITS.limitMax, integer: true, rangeMessage: 'field.limit' })
  limit?: number;

  /** true: featured partners only (home page: featured=true&limit=8); false: the others. */
  @IsOptional()
  @filterBoolean()
  @IsQueryBoolean()
  featured?: boolean;

  /** Category slug (banks, restaurants, fitness, beauty, retail, medical); unknown slug: empty list. */
  @IsOptional()
  @filterText()
  @IsQuerySlug()
  category?: string;

  /** Free text: name, description (any language), address or services; case-insensitive. */
  @IsOptional()
  @filterText()
  @IsQueryText(PARTNER_QUERY_LIMITS.qMaxLength)
  q?: string;

  /** true: inside the business centre only; false: outside only. */
  @IsOptional()
  @filterBoolean()
  @IsQueryBoolean()
  isInBusinessCenter?: boolean;
}
