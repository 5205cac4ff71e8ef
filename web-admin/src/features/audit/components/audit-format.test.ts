import { describe, expect, it } from 'vitest';
import { diffRecords, fieldLabel, formatValue } from './audit-format';

describe('audit details', () => {
  it('labels fields in Portuguese, manuals included, and never shows a raw snake_case name', () => {
    expect(fieldLabel('model_id')).toBe('Modelo');
    expect(fieldLabel('text_status')).toBe('Texto do PDF');
    expect(fieldLabel('manufacturer_id')).toBe('Fabricante');
    expect(fieldLabel('some_new_field')).toBe('Some new field');
  });

  it('shows coded values with their words', () => {
    expect(formatValue('text_status', 'indexed')).toBe('Texto reconhecido');
    expect(formatValue('text_status', 'pending')).toBe('Em processamento');
    expect(formatValue('manual_type', 'service')).toBe('Manual de Serviço');
    expect(formatValue('is_published', 1)).toBe('Sim');
    expect(formatValue('subscription_plan', 'annual')).toBe('Anual');
  });

  it('compares a manual before and after field by field', () => {
    const changes = diffRecords({ title: 'A', model_id: 3, text_status: 'pending' }, { title: 'A', model_id: 3, text_status: 'indexed' });
    expect(changes.filter((c) => c.changed).map((c) => fieldLabel(c.key))).toEqual(['Texto do PDF']);
  });
});
