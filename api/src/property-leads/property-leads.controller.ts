import { Body, Controller, Get, HttpStatus, Post, Req, Res } from '@nestjs/common';
import { CreatePropertyLeadDto, type PropertyLeadCreatedDto, type UserLeadDto } from '@realty/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Authenticated, Client, CurrentUser, Public, RateLimit, type AuthUser, type RequestClient } from '../common/decorators';
import { RequestAuthenticator } from '../common/guards.authenticator';
import { RATE_LIMITS } from '../common/rate-limit';
import { PropertyLeadsService } from './property-leads.service';

/** Property enquiries (spec 01 §7 POST /inquiries) and the signed-in user's list of them. */
@Controller()
export class PropertyLeadsController {
  constructor(
    private readonly propertyLeads: PropertyLeadsService,
    private readonly authenticator: RequestAuthenticator,
  ) {}

  /**
   * POST /api/inquiries {propertyId (uuid or slug), name, phone, email?, message?}: 201 data
   * {id, leadId}: the enquiry and its lead (source property_inquiry) in one transaction. 200
   * with duplicate: true for the same phone and text within 10 minutes. Honeypot `website`
   * filled: 201 with made-up ids, nothing stored. 404 for a listing that is not public; 429
   * beyond 10 public writes per IP per 10 minutes. A signed-in caller's enquiry is theirs.
   */
  @Public()
  @Post('inquiries')
  @RateLimit(RATE_LIMITS.publicWrites)
  async create(
    @Body() body: CreatePropertyLeadDto,
    @Client() client: RequestClient,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<PropertyLeadCreatedDto> {
    if (body.website) {
      void reply.status(HttpStatus.CREATED);
      return this.propertyLeads.honeypotAnswer();
    }
    const user = await this.authenticator.authenticate(req);
    const result = await this.propertyLeads.create(body, { ip: client.ip, userAgent: client.userAgent, userId: user?.id ?? null });
    void reply.status(result.duplicate ? HttpStatus.OK : HttpStatus.CREATED);
    return result;
  }

  /** GET /api/user/inquiries -> 200 data UserLeadDto[]: the caller's enquiries and leads, newest first (at most 100). */
  @Authenticated()
  @Get('user/inquiries')
  mine(@CurrentUser() user: AuthUser): Promise<UserLeadDto[]> {
    return this.propertyLeads.forUser(user.id);
  }
}
