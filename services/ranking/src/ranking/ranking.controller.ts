import { Controller, Get, Query } from '@nestjs/common';
import { CurrentUser, SignedIn, UserIdentity, zod } from '@clima/common';
import { OwnStats, RankingEntry, RankingQuery } from '@clima/contract';
import { RankingService } from './ranking.service';

@Controller('api')
export class RankingController {
  constructor(private readonly ranking: RankingService) {}

  /** The top 50 of the week's board (period=week) or of all time (the default), best first; no other user's e-mail in it. */
  @Get('ranking')
  @SignedIn()
  top(@CurrentUser() user: UserIdentity, @Query(zod(RankingQuery)) query: RankingQuery): Promise<RankingEntry[]> {
    return this.ranking.top(user.id, query.period);
  }

  @Get('users/me/stats')
  @SignedIn()
  ownStats(@CurrentUser() user: UserIdentity): Promise<OwnStats> {
    return this.ranking.ownStats(user.id);
  }
}
