import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { flushWatchReports, sendOrQueue, type WatchTarget } from './offline-watch-queue';
import type { WatchReportBody } from './watch-tracker';

const report = (position: number): WatchReportBody => ({ position, duration: 600, watched: [[position - 10, position]] });
const lesson: WatchTarget = { kind: 'lesson', courseId: '7', lessonId: 3 };
const content: WatchTarget = { kind: 'content', id: '12' };
const noNetwork = () => Promise.reject(new TypeError('Failed to fetch'));

describe('watch reports made without network', () => {
  it('are kept when the request finds no network and sent, oldest first, when it returns', async () => {
    expect(await sendOrQueue('u1', lesson, report(20), noNetwork)).toBeNull();
    expect(await sendOrQueue('u1', content, report(40), noNetwork)).toBeNull();
    const sent: [WatchTarget, number][] = [];
    expect(await flushWatchReports('u1', async (target, r) => sent.push([target, r.position]))).toBe(2);
    expect(sent).toEqual([
      [lesson, 20],
      [content, 40],
    ]);
    // sent once: nothing is left
    expect(await flushWatchReports('u1', async () => sent.push([content, 0]))).toBe(0);
    expect(sent).toHaveLength(2);
  });

  it('a server refusal is the caller’s, and is not queued', async () => {
    const refused = Object.assign(new Error('Assinatura necessária'), { status: 403 });
    await expect(sendOrQueue('u1', content, report(10), () => Promise.reject(refused))).rejects.toBe(refused);
    expect(await flushWatchReports('u1', async () => undefined)).toBe(0);
  });

  it('wait while the network is still missing', async () => {
    await sendOrQueue('u1', content, report(30), noNetwork);
    expect(await flushWatchReports('u1', noNetwork)).toBe(0);
    const sent: number[] = [];
    expect(await flushWatchReports('u1', async (_t, r) => sent.push(r.position))).toBe(1);
    expect(sent).toEqual([30]);
  });

  it('are never sent in another user’s session', async () => {
    await sendOrQueue('u1', content, report(50), noNetwork);
    const sent: number[] = [];
    expect(await flushWatchReports('u2', async (_t, r) => sent.push(r.position))).toBe(0);
    expect(await flushWatchReports('u1', async (_t, r) => sent.push(r.position))).toBe(0);
    expect(sent).toEqual([]);
  });

  it('without a known user the failure is the caller’s', async () => {
    await expect(sendOrQueue(undefined, content, report(5), noNetwork)).rejects.toBeInstanceOf(TypeError);
  });
});
