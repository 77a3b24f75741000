import { Controller, Get } from '@nestjs/common';
import { Public } from '../common/decorators';
import { HealthService, type HealthReport } from './health.service';

/** Liveness and dependency status for load balancers and the start script (public, not rate limited). */
@Controller('health')
@Public()
export class HealthController {
  constructor(private readonly health: HealthService) {}

  /**
   * GET /api/health: {status:'ok'|'degraded', postgres:{up, latencyMs}, redis:{up, latencyMs}}.
   * Always 200 so a load balancer can read the body; `status` says whether all parts are up.
   */
  @Get()
  check(): Promise<HealthReport> {
    return this.health.check();
  }
}
