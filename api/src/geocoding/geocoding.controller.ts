import { Controller, Get, Query } from '@nestjs/common';
import { GeocodeReverseQuery, GeocodeSearchQuery, GeocodeSuggestQuery, type GeocodeResultDto } from '@realty/contracts';
import { RateLimit, Roles } from '../common/decorators';
import { RATE_LIMITS } from '../common/rate-limit';
import { GeocodingService } from './geocoding.service';

/**
 * Address search for the listing form (spec 02 §5, §7 "Geocoding", §9). Staff only (employee,
 * manager, admin, super_admin): a back-office call, and an open proxy to a geocoder would be
 * abused. 401 without a token, 403 for other roles; 120 calls per IP per minute over the three
 * routes (429 RATE_LIMIT). A result: {displayName, lat, lng (WGS 84 degrees), kind: street |
 * district | landmark | address, district? (slug of the 8 Almaty districts), districtName?}.
 * Errors: 400 VALIDATION_ERROR with fields; 504 GEOCODER_TIMEOUT when the configured service
 * does not answer within GEOCODER_TIMEOUT_MS; 502 GEOCODER_UNAVAILABLE when it fails or answers
 * something unreadable. Messages in the request's language.
 */
@Controller('geocode')
@Roles('employee', 'manager', 'admin', 'super_admin')
export class GeocodingController {
  constructor(private readonly geocoding: GeocodingService) {}

  /**
   * GET /api/geocode?address&lang&results -> 200 GeocodeResultDto[] best first (may be []).
   * address 1..200 characters (required); lang ru | en | kk | zh (default ru); results 1..10 (default 5).
   */
  @Get()
  @RateLimit(RATE_LIMITS.geocode)
  search(@Query() query: GeocodeSearchQuery): Promise<GeocodeResultDto[]> {
    return this.geocoding.search(query);
  }

  /**
   * GET /api/geocode/suggest?q&lang&results -> 200 GeocodeResultDto[]: suggestions while typing;
   * [] without asking any provider when q has fewer than 3 characters after trimming (spec 02 §5).
   * q 1..200 characters; lang and results as for GET /api/geocode.
   */
  @Get('suggest')
  @RateLimit(RATE_LIMITS.geocode)
  suggest(@Query() query: GeocodeSuggestQuery): Promise<GeocodeResultDto[]> {
    return this.geocoding.suggest(query);
  }

  /**
   * GET /api/geocode/reverse?lat&lng&lang -> 200 GeocodeResultDto, or null when nothing is known
   * there. lat -90..90 and lng -180..180 degrees (required).
   */
  @Get('reverse')
  @RateLimit(RATE_LIMITS.geocode)
  reverse(@Query() query: GeocodeReverseQuery): Promise<GeocodeResultDto | null> {
    return this.geocoding.reverse(query);
  }
}
