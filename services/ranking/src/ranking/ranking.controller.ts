import { Controller, Get, Query } from '@nestjs/common';
import { AssertedIdentity, CurrentUser, type PersonalParts, SharedAnswer, UserIdentity, zod } from '@clima/common';
import { OwnStats, RankingQuery } from '@clima/contract';
import { BOARD_ANSWERS } from '../leaderboard/leaderboard.service';
import { saoPauloDay } from '../shared/sao-paulo-time';
import { BoardRow, presentBoard } from './ranking.mapper';
import { RankingService } from './ranking.service';

/**
 * Every signed-in technician gets the same board on a São Paulo day (the streaks shown count days), except those
 * on it, whose own row carries their e-mail: the board is built once and kept with every row's own part, and each
 * of them is shown theirs from it.
 */
const boardAudience = (identity: AssertedIdentity) => (identity.user ? saoPauloDay(new Date()) : null);
const ownRows: PersonalParts = {
  members: (built) => (built as BoardRow[]).map((r) => r.entry.user_id),
  present: (built, viewerId) => presentBoard(built as BoardRow[], viewerId),
};

@Controller('api')
export class RankingController {
  constructor(private readonly ranking: RankingService) {}

  /** The top 50 of the week's board (period=week) or of all time (the default), best first; no other user's e-mail in it. */
  @Get('ranking')
  @SharedAnswer({ scopes: [BOARD_ANSWERS], audience: boardAudience, personal: ownRows })
  top(@Query(zod(RankingQuery)) query: RankingQuery): Promise<BoardRow[]> {
    return this.ranking.top(query.period);
  }

  @Get('users/me/stats')
  ownStats(@CurrentUser() user: UserIdentity): Promise<OwnStats> {
    return this.ranking.ownStats(user.id);
  }
}
