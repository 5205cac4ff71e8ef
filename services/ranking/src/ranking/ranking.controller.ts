import { Controller, Get, Query } from '@nestjs/common';
import { AssertedIdentity, CurrentUser, SharedAnswer, UserIdentity, zod } from '@clima/common';
import { OwnStats, RankingEntry, RankingQuery } from '@clima/contract';
import { BOARD_ANSWERS } from '../leaderboard/leaderboard.service';
import { saoPauloDay } from '../shared/sao-paulo-time';
import { RankingService } from './ranking.service';

/**
 * Every signed-in technician gets the same board on a São Paulo day (the streaks shown count days), except those
 * on it, whose own row carries their e-mail: theirs is built for them.
 */
const boardAudience = (identity: AssertedIdentity) => (identity.user ? saoPauloDay(new Date()) : null);
const boardMembers = (answer: unknown) => (answer as RankingEntry[]).map((e) => e.user_id);

@Controller('api')
export class RankingController {
  constructor(private readonly ranking: RankingService) {}

  /** The top 50 of the week's board (period=week) or of all time (the default), best first; no other user's e-mail in it. */
  @Get('ranking')
  @SharedAnswer({ scopes: [BOARD_ANSWERS], audience: boardAudience, personalTo: boardMembers })
  top(@CurrentUser() user: UserIdentity, @Query(zod(RankingQuery)) query: RankingQuery): Promise<RankingEntry[]> {
    return this.ranking.top(user.id, query.period);
  }

  @Get('users/me/stats')
  ownStats(@CurrentUser() user: UserIdentity): Promise<OwnStats> {
    return this.ranking.ownStats(user.id);
  }
}
