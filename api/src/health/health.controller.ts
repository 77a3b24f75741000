import { Controller, Get, HttpStatus } from '@nestjs/common';
import { ApiException } from '../common/api.exception';
import { Public, Roles } from '../common/decorators';
import { HealthService, type HealthReport, type PublicHealth } from './health.service';

/** Retry-After of a 503 from the health check, ms. */
const DOWN_RETRY_MS = 5000;

/** Liveness for load balancers and the start script (public, not rate limited). */
@Controller('health')
export class HealthController {
  constructor(private readonly health: HealthService) {}

  /**
   * GET /api/health -> 200 {status:'up'} while the API can serve (PostgreSQL answers), else 503
   * SERVICE_UNAVAILABLE (error envelope, Retry-After 5 s). Nothing else: versions, timings and
   * the parts are at GET /api/admin/health (issue 19 item 9).
   */
  @Public()
  @Get()
  async check(): Promise<PublicHealth> {
    if (await this.health.up()) return { status: 'up' };
    throw new ApiException(HttpStatus.SERVICE_UNAVAILABLE, 'SERVICE_UNAVAILABLE').retryAfter(DOWN_RETRY_MS);
  }
}

/** The health details, for admins (issue 19 item 9). */
@Controller('admin/health')
export class AdminHealthController {
  constructor(private readonly health: HealthService) {}

  /**
   * GET /api/admin/health (admin, super_admin) -> 200 {status:'ok'|'degraded'|'down',
   * postgres:{up, latencyMs, version?, error?}, redis:{up, latencyMs, version?, error?},
   * process:{node, uptimeSeconds, rssMiB}}; always 200, so the parts can be read while one is
   * down. 401 without a token, 403 for other roles.
   */
  @Roles('admin', 'super_admin')
  @Get()
  report(): Promise<HealthReport> {
    return this.health.report();
  }
}
