import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isNetworkFailure, reportReachable, reportUnreachable, useOnline } from './use-online';

function Probe() {
  return <p data-testid="online">{useOnline() ? 'online' : 'offline'}</p>;
}
const shown = () => screen.getByTestId('online').textContent;

afterEach(() => {
  cleanup();
  window.dispatchEvent(new Event('online'));
});

describe('useOnline', () => {
  it("follows the browser's offline and online events", () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    render(<Probe />);
    expect(shown()).toBe('online');
    onLine.mockReturnValue(false);
    act(() => void window.dispatchEvent(new Event('offline')));
    expect(shown()).toBe('offline');
    onLine.mockReturnValue(true);
    act(() => void window.dispatchEvent(new Event('online')));
    expect(shown()).toBe('online');
  });

  it('is offline after a request found no network while the browser claims a connection, until one gets through', () => {
    render(<Probe />);
    act(() => reportUnreachable());
    expect(shown()).toBe('offline');
    act(() => reportReachable());
    expect(shown()).toBe('online');
    act(() => reportUnreachable());
    act(() => void window.dispatchEvent(new Event('online')));
    expect(shown()).toBe('online');
  });

  it('tells a missing network from a server that answered', () => {
    expect(isNetworkFailure(new TypeError('Failed to fetch'))).toBe(true);
    expect(isNetworkFailure(new DOMException('tempo esgotado', 'TimeoutError'))).toBe(true);
    expect(isNetworkFailure(new SyntaxError('Unexpected token <'))).toBe(true);
    expect(isNetworkFailure(new Error('HTTP 503'))).toBe(false);
    expect(isNetworkFailure(new DOMException('cancelado', 'AbortError'))).toBe(false);
  });
});
