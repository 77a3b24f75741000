import { Controller, Get } from '@nestjs/common';
import { HealthService, type HealthReport } from './health.service';

@Controller('health')
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
