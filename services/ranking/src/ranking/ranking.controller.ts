import { Controller, Get } from '@nestjs/common';
import { CurrentUser, SignedIn, UserIdentity } from '@clima/common';
import type { OwnStats, RankingEntry } from '@clima/contract';
import { RankingService } from './ranking.service';

@Controller('api')
export class RankingController {
  constructor(private readonly ranking: RankingService) {}

  /** The top 50, best first; no other user's e-mail in it. */
  @Get('ranking')
  @SignedIn()
  top(@CurrentUser() user: UserIdentity): Promise<RankingEntry[]> {
    return this.ranking.top(user.id);
  }

  @Get('users/me/stats')
  @SignedIn()
  ownStats(@CurrentUser() user: UserIdentity): Promise<OwnStats> {
    return this.ranking.ownStats(user.id);
  }
}
