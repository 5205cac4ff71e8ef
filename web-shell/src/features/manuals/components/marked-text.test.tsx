import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { MarkedText } from './marked-text';

afterEach(cleanup);

const html = (text: string, marks: [number, number][]) => render(<p data-testid="s">{<MarkedText text={text} marks={marks} />}</p>).getByTestId('s');

describe('MarkedText', () => {
  it('marks the [start, end) offsets of the snippet', () => {
    const p = html('… código E4: falha no sensor …', [[9, 11]]);
    expect(p.querySelectorAll('mark')).toHaveLength(1);
    expect(p.querySelector('mark')!.textContent).toBe('E4');
    expect(p.textContent).toBe('… código E4: falha no sensor …');
  });

  it('renders markup in a snippet as text, never as HTML', () => {
    const p = html('<img src=x onerror=alert(1)> E4', [[29, 31]]);
    expect(p.querySelector('img')).toBeNull();
    expect(p.textContent).toBe('<img src=x onerror=alert(1)> E4');
    expect(p.querySelector('mark')!.textContent).toBe('E4');
  });

  it('ignores offsets out of range, empty or overlapping', () => {
    const p = html('E4 e E5', [
      [5, 7],
      [0, 2],
      [1, 3],
      [6, 99],
      [4, 4],
    ]);
    expect([...p.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['E4', 'E5']);
    expect(p.textContent).toBe('E4 e E5');
  });
});
