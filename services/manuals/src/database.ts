import { Download } from './manuals/download.entity';
import { Manual } from './manuals/manual.entity';
import { Manufacturer } from './manuals/manufacturer.entity';
import { Model } from './manuals/model.entity';
import { migrations } from './migrations';

/** The manuals service owns the `manuals` schema. */
export const SCHEMA = 'manuals';
export const entities = [Manufacturer, Model, Manual, Download];
export { migrations };
