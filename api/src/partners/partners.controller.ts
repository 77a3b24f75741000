import { Controller, Get, Param, Query } from '@nestjs/common';
import { PartnerDetailQuery, PartnersQuery, type PartnerDto, type PartnerListDto } from '@realty/contracts';
import { Public } from '../common/decorators';
import { PartnersService } from './partners.service';

/**
 * Public partners API (spec 01 §2 Partners, §7 "GET /partners", §3 Partner). No sign-in
 * (spec 01 §6). Unlike the properties list, the list answers `data = {items, pagination}`
 * with `pagination = {total, totalPages, page, limit}`, as spec 01 §7 says the old client
 * reads it (docs/decisions/009).
 */
@Controller('partners')
@Public()
export class PartnersController {
  constructor(private readonly partners: PartnersService) {}

  /**
   * GET /api/partners — query: page (default 1), limit (1..100, default 100), featured,
   * category (slug), q, isInBusinessCenter, lang. '' and 'all' skip a filter.
   * 200: data = {items: PartnerDto[], pagination}. 400 VALIDATION_ERROR for a malformed value.
   * The home page asks `?featured=true&limit=8`; the partners page `?limit=100&page=n`.
   */
  @Get()
  list(@Query() query: PartnersQuery): Promise<PartnerListDto> {
    return this.partners.list(query);
  }

  /** GET /api/partners/:idOrSlug — one active partner (uuid or slug). 404 NOT_FOUND otherwise. */
  @Get(':idOrSlug')
  detail(@Param('idOrSlug') idOrSlug: string, @Query() _query: PartnerDetailQuery): Promise<PartnerDto> {
    return this.partners.detail(idOrSlug);
  }
}
