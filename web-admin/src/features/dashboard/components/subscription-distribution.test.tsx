import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SubscriptionDistribution } from './subscription-distribution';

afterEach(cleanup);

describe('SubscriptionDistribution', () => {
  it('is a list named by its heading, one item per plan with its count', () => {
    render(<SubscriptionDistribution stats={{ monthly: 3, annual: 1 }} />);
    const list = screen.getByRole('list', { name: 'Distribuição de Assinaturas' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([expect.stringContaining('Mensal3'), expect.stringContaining('Anual1')]);
    expect(document.querySelector('dl, dt, dd')).toBeNull();
  });
});
