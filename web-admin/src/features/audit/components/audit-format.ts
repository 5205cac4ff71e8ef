import { MANUAL_TYPES } from '@clima/contract/manuals';
import { messages } from '../../../i18n/messages';

const m = messages.audit;

/** Marker the services write in place of a secret's value (see @clima/common audit redaction). */
export const HIDDEN_VALUE = '[oculto]';

const dateTime = new Intl.DateTimeFormat('pt-BR', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** dd/mm/aaaa hh:mm:ss in the browser's time zone; '' for a missing or invalid date. */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '';
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? '' : dateTime.format(d);
}

export const actionLabel = (action: string) => m.actions[action] ?? action;
export const entityLabel = (entity: string) => m.entities[entity] ?? entity;
/** The field's Portuguese label; a field without one reads as words ('pix_key' → 'Pix key'), never as a raw name. */
export const fieldLabel = (key: string) => m.fields[key] ?? humanize(key);
const humanize = (key: string) => {
  const words = key.replace(/[_.-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

const BOOLEAN_FLAGS = new Set(['is_published', 'is_admin']);
/** Coded values shown with the words the rest of the panel uses. */
const VALUE_LABELS: Record<string, Record<string, string>> = {
  subscription_status: messages.users.status,
  subscription_plan: { monthly: messages.users.plan.monthly, annual: messages.users.plan.annual },
  manual_type: MANUAL_TYPES,
  ...m.values,
};
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

/** A field's value as a person reads it. */
export function formatValue(key: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return m.dialog.empty;
  if (typeof value === 'boolean') return value ? 'Sim' : 'Não';
  if (BOOLEAN_FLAGS.has(key) && (value === 0 || value === 1)) return value === 1 ? 'Sim' : 'Não';
  if (typeof value === 'string' && VALUE_LABELS[key]?.[value]) return VALUE_LABELS[key][value];
  if (typeof value === 'string') return ISO_INSTANT.test(value) ? formatDateTime(value) : value;
  if (typeof value === 'number') return value.toLocaleString('pt-BR');
  if (Array.isArray(value)) {
    return value
      .map((item, i) => {
        if (item && typeof item === 'object') {
          const o = item as Record<string, unknown>;
          const name = o.title ?? o.name ?? o.username ?? o.id;
          return `${i + 1}. ${String(name ?? JSON.stringify(item))}`;
        }
        return String(item);
      })
      .join('\n');
  }
  return JSON.stringify(value, null, 2);
}

export interface FieldChange {
  key: string;
  before: unknown;
  after: unknown;
  changed: boolean;
}

const isRecord = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);
const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * Field-by-field comparison of the record before and after the action. A record that is not an object
 * (a list of lessons in a new order) is one field.
 */
export function diffRecords(before: unknown, after: unknown): FieldChange[] {
  if (!isRecord(before) && !isRecord(after)) {
    if (before === null && after === null) return [];
    return [{ key: Array.isArray(before ?? after) ? 'ordem' : 'valor', before, after, changed: !same(before, after) }];
  }
  const b = isRecord(before) ? before : {};
  const a = isRecord(after) ? after : {};
  const keys = [...Object.keys(b), ...Object.keys(a).filter((k) => !(k in b))];
  return keys.map((key) => ({ key, before: b[key], after: a[key], changed: !same(b[key], a[key]) }));
}
