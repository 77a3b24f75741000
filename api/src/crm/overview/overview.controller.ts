import { Controller, Get, Query } from '@nestjs/common';
import { CrmOverviewQuery, type CrmOverviewDto } from '@realty/contracts';
import { CacheControl } from '../../common/cache-control';
import { CurrentUser, Roles, type AuthUser } from '../../common/decorators';
import { CRM_ROLES } from '../shared/crm-access';
import { OverviewService } from './overview.service';

/** The CRM overview (issue 22; spec 02 §2 /dashboard/crm). The CRM's roles. */
@Controller('crm/overview')
@Roles(...CRM_ROLES)
@CacheControl('no-store')
export class OverviewController {
  constructor(private readonly overview: OverviewService) {}

  /**
   * GET /api/crm/overview?scope=my|all -> 200 CrmOverviewDto: funnel (open deals per stage, count
   * and sum ₸), won/lost this month, the caller's tasks due today or overdue, waiting leads (new,
   * never contacted, oldest first, minutes waited), new leads today / this week. 400 bad scope.
   */
  @Get()
  get(@CurrentUser() user: AuthUser, @Query() query: CrmOverviewQuery): Promise<CrmOverviewDto> {
    return this.overview.overview(user, query.scope);
  }
}
