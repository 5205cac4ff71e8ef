import { useEffect } from 'react';
import { useOnline } from '../../shared/hooks/use-online';
import { flushWatchReports } from '../../shared/playback/offline-watch-queue';
import { useOfflineVideosCheck } from '../../shared/offline-videos/use-offline-videos';
import { useAuth } from '../auth/hooks/use-auth';
import { saveContentPosition } from '../contents/api/contents-api';
import { saveLessonPosition } from '../courses/api/courses-api';

/**
 * What the shell does whenever it is online with a known session (issue 28): the check of the saved videos
 * (removed once the subscription has ended), and the watch reports made offline, sent now through the same
 * requests as any report.
 */
export function OfflineSync() {
  const { user, isPending } = useAuth();
  const online = useOnline();
  useOfflineVideosCheck(user, isPending);
  const userId = user?.id;
  useEffect(() => {
    if (!online || !userId) return;
    void flushWatchReports(userId, (target, report) =>
      target.kind === 'content' ? saveContentPosition(target.id, report, false) : saveLessonPosition(target.courseId, target.lessonId, report, false),
    ).catch(() => undefined);
  }, [online, userId]);
  return null;
}
