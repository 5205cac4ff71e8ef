import type { EventHandlers } from '@clima/common';
import type { ActivityService } from '../activity/activity.service';
import type { LeaderboardService } from '../leaderboard/leaderboard.service';

/** What the ranking does with the auth service's facts; each is idempotent (at-least-once delivery). */
export function rankingEventHandlers(activity: ActivityService, board: LeaderboardService): EventHandlers {
  return {
    'user.signed_in': async ({ userId, at }) => {
      const when = new Date(at);
      if (Number.isNaN(when.getTime())) throw new Error(`user.signed_in with bad date: ${at}`);
      await activity.applySignIn(userId, when);
      // synced even when nothing was added: a replay after a crash between commit and board update repairs the board
      await board.sync([userId]);
    },
    'user.upserted': async ({ userId, email, name }, envelope) => {
      await activity.upsertProfile(userId, email, name, new Date(envelope.publishedAt));
    },
    'user.deleted': async ({ userId }) => {
      await activity.deleteUser(userId);
      await board.remove(userId);
    },
  };
}
