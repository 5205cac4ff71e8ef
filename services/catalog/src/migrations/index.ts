import { CatalogInit1763900000000 } from './1763900000000-catalog-init';
import { ContentPositions1765000000000 } from './1765000000000-content-positions';
import { VideoRenditions1830000000001 } from './1830000000001-video-renditions';
import { VideoDurations1840000000001 } from './1840000000001-video-durations';

/** Every migration of this service, in order. */
export const migrations = [CatalogInit1763900000000, ContentPositions1765000000000, VideoRenditions1830000000001, VideoDurations1840000000001];
