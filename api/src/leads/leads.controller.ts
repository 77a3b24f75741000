import { Body, Controller, HttpStatus, Post, Req, Res } from '@nestjs/common';
import { CreateLeadDto, type LeadCreatedDto } from '@realty/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Client, Public, RateLimit, type RequestClient } from '../common/decorators';
import { RequestAuthenticator } from '../common/guards.authenticator';
import { RATE_LIMITS } from '../common/rate-limit';
import { LeadsService } from './leads.service';

/**
 * POST /api/leads: the public create-lead call (spec 01 §7 "Create lead"; lead schema of §5).
 * Anyone may call it (with the CSRF header like every write); 10 public writes per IP per 10
 * minutes (shared with POST /api/inquiries). A signed-in caller's lead is linked to them.
 */
@Controller('leads')
@Public()
export class LeadsController {
  constructor(
    private readonly leads: LeadsService,
    private readonly authenticator: RequestAuthenticator,
  ) {}

  /**
   * 201 data {id, status: 'new'}: stored with its sales notification (sent by the worker once
   * Redis is reachable). 200 data {id, status, duplicate: true}: the same phone and text arrived
   * within 10 minutes; nothing new is stored. A filled honeypot (`website`) answers 201 with an
   * id and stores nothing. 400 VALIDATION_ERROR with fields; 404 for an unknown propertyId; 429.
   */
  @Post()
  @RateLimit(RATE_LIMITS.publicWrites)
  async create(
    @Body() body: CreateLeadDto,
    @Client() client: RequestClient,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<LeadCreatedDto> {
    if (body.website) {
      void reply.status(HttpStatus.CREATED);
      return this.leads.honeypotAnswer();
    }
    const user = await this.authenticator.authenticate(req);
    const lead = await this.leads.create(body, { ip: client.ip, userAgent: client.userAgent, userId: user?.id ?? null });
    void reply.status(lead.duplicate ? HttpStatus.OK : HttpStatus.CREATED);
    return lead.duplicate ? { id: lead.id, status: lead.status, duplicate: true } : { id: lead.id, status: lead.status };
  }
}
