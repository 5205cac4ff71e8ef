import { PLAYER } from '@clima/contract/video';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatClock } from '../../lib/format';
import { FileVideoPlayer } from './file-video-player';

/**
 * jsdom has media elements without media: play() and pause() are missing and `paused`/`duration` never
 * change. They stand in here the way a browser behaves (play/pause events, a 2-minute video); the
 * volume, muted, playbackRate and currentTime of jsdom itself are used as they are.
 */
const DURATION = 120;
const paused = new WeakMap<HTMLMediaElement, boolean>();
beforeEach(() => {
  vi.spyOn(HTMLMediaElement.prototype, 'paused', 'get').mockImplementation(function (this: HTMLMediaElement) {
    return paused.get(this) ?? true;
  });
  vi.spyOn(HTMLMediaElement.prototype, 'duration', 'get').mockReturnValue(DURATION);
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
    paused.set(this, false);
    this.dispatchEvent(new Event('play'));
    return Promise.resolve();
  });
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(function (this: HTMLMediaElement) {
    paused.set(this, true);
    this.dispatchEvent(new Event('pause'));
  });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function mount() {
  render(<FileVideoPlayer src="/media/videos/aula.mp4" title="Carga de gás" />);
  const video = screen.getByTitle('Carga de gás') as HTMLVideoElement;
  fireEvent.loadedMetadata(video);
  return { video, region: screen.getByRole('region', { name: 'Vídeo: Carga de gás' }) };
}

const controls = () => screen.getByTestId('player-controls');

describe('FileVideoPlayer', () => {
  it('offers every speed of the spec and plays at the chosen one', () => {
    const { video } = mount();
    const speed = screen.getByRole('button', { name: 'Velocidade de reprodução' });
    expect(speed).toHaveProperty('textContent', '1x');
    fireEvent.click(speed);
    const menu = screen.getByRole('menu', { name: 'Velocidade de reprodução' });
    const options = within(menu).getAllByRole('menuitemradio');
    expect(options.map((o) => o.textContent)).toEqual(['0,5x', '0,75x', '1x', '1,25x', '1,5x', '2x']);
    expect(options.map((o) => o.getAttribute('aria-checked'))).toEqual(['false', 'false', 'true', 'false', 'false', 'false']);
    fireEvent.click(within(menu).getByRole('menuitemradio', { name: '1,5x' }));
    expect(video.playbackRate).toBe(1.5);
    expect(screen.queryByRole('menu')).toBeNull();
    expect(speed).toHaveProperty('textContent', '1,5x');
    expect(document.activeElement).toBe(speed);
  });

  it('jumps 10 s back and forth, never before the start or past the end', () => {
    const { video } = mount();
    const forward = screen.getByRole('button', { name: 'Avançar 10 segundos' });
    const back = screen.getByRole('button', { name: 'Voltar 10 segundos' });
    fireEvent.click(forward);
    fireEvent.click(forward);
    expect(video.currentTime).toBe(20);
    expect(screen.getByTestId('player-time').textContent).toBe('0:20 / 2:00');
    fireEvent.click(back);
    expect(video.currentTime).toBe(10);
    video.currentTime = 4;
    fireEvent.click(back);
    expect(video.currentTime).toBe(0);
    video.currentTime = DURATION - 3;
    fireEvent.click(forward);
    expect(video.currentTime).toBe(DURATION);
    // the arrow keys on the player do the same
    video.currentTime = 50;
    fireEvent.keyDown(screen.getByRole('region'), { key: 'ArrowLeft' });
    expect(video.currentTime).toBe(40);
  });

  it('steps the volume by 0.1 without drift, and mutes at zero', () => {
    const { video, region } = mount();
    expect(screen.getByRole('slider', { name: 'Volume' }).getAttribute('step')).toBe(String(PLAYER.volumeStep));
    for (let i = 0; i < 3; i++) fireEvent.keyDown(region, { key: 'ArrowDown' });
    expect(video.volume).toBe(0.7);
    for (let i = 0; i < 7; i++) fireEvent.keyDown(region, { key: 'ArrowDown' });
    expect(video.volume).toBe(0);
    expect(video.muted).toBe(true);
    expect(screen.getByRole('button', { name: 'Ativar som' })).toBeTruthy();
    fireEvent.keyDown(region, { key: 'ArrowDown' });
    expect(video.volume).toBe(0);
    fireEvent.keyDown(region, { key: 'ArrowUp' });
    expect(video.volume).toBe(0.1);
    expect(video.muted).toBe(false);
    fireEvent.change(screen.getByRole('slider', { name: 'Volume' }), { target: { value: '0.30000000000000004' } });
    expect(video.volume).toBe(0.3);
  });

  it('hides the controls 3 s after playback starts, shows them again on movement and while paused', () => {
    vi.useFakeTimers();
    const { region } = mount();
    expect(controls().dataset.visible).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Reproduzir' }));
    expect(screen.getByRole('button', { name: 'Pausar' })).toBeTruthy();
    act(() => vi.advanceTimersByTime(PLAYER.hideControlsMs - 1));
    expect(controls().dataset.visible).toBe('true');
    act(() => vi.advanceTimersByTime(1));
    expect(controls().dataset.visible).toBe('false');

    // movement brings them back and starts the 3 s again
    fireEvent.pointerMove(region);
    expect(controls().dataset.visible).toBe('true');
    act(() => vi.advanceTimersByTime(2000));
    fireEvent.keyDown(region, { key: 'Shift' });
    act(() => vi.advanceTimersByTime(2000));
    expect(controls().dataset.visible).toBe('true');
    act(() => vi.advanceTimersByTime(1000));
    expect(controls().dataset.visible).toBe('false');

    // paused, they stay
    fireEvent.pointerMove(region);
    fireEvent.click(screen.getByRole('button', { name: 'Pausar' }));
    act(() => vi.advanceTimersByTime(10_000));
    expect(controls().dataset.visible).toBe('true');
  });

  it('keeps the controls while the speed menu is open', () => {
    vi.useFakeTimers();
    mount();
    fireEvent.click(screen.getByRole('button', { name: 'Reproduzir' }));
    fireEvent.click(screen.getByRole('button', { name: 'Velocidade de reprodução' }));
    act(() => vi.advanceTimersByTime(10_000));
    expect(controls().dataset.visible).toBe('true');
  });
});

describe('formatClock', () => {
  it('writes minutes and seconds, and hours when there are any', () => {
    expect([formatClock(0), formatClock(75), formatClock(3725), formatClock(Number.NaN)]).toEqual(['0:00', '1:15', '1:02:05', '0:00']);
  });
});
