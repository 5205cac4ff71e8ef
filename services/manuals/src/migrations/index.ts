import { CreateManuals1760000000000 } from './1760000000000-create-manuals';
import { ManualTextIndex1790000000000 } from './1790000000000-manual-text-index';
import { ManualsOutbox1795000000000 } from './1795000000000-manuals-outbox';
import { ManualTextOcr1800000000000 } from './1800000000000-manual-text-ocr';

/** Every migration of this service, in order. */
export const migrations = [CreateManuals1760000000000, ManualTextIndex1790000000000, ManualsOutbox1795000000000, ManualTextOcr1800000000000];
