import { Controller, Get } from '@nestjs/common';
import type { EmployeeDashboardDto } from '@realty/contracts';
import { CurrentUser, Roles, type AuthUser } from '../common/decorators';
import { StaffDashboardService } from './staff-dashboard.service';

/** GET /api/analytics/dashboard (spec 02 §7 "Other reads"; issue 21 "/dashboard/employee"). Staff only. */
@Controller('analytics')
@Roles('employee', 'manager', 'admin', 'super_admin')
export class StaffDashboardController {
  constructor(private readonly dashboard: StaffDashboardService) {}

  /**
   * -> 200 EmployeeDashboardDto: the caller's listings by status; views, favourites and
   * enquiries of them in the last 30 days; their rejected listings and those on moderation.
   */
  @Get('dashboard')
  get(@CurrentUser() actor: AuthUser): Promise<EmployeeDashboardDto> {
    return this.dashboard.forUser(actor.id);
  }
}
