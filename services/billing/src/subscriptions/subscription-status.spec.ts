import { accessEnd, accessStatus, factOf, pickCurrent } from './subscription-status';

const now = new Date('2026-06-15T12:00:00Z');
const h = 3600_000;
const base = { plan: 'monthly' as const, cancelAtPeriodEnd: false, endedReason: null };
const at = (ms: number) => new Date(now.getTime() + ms);

describe('accessStatus', () => {
  it('grants access while trialing, active or retrying a failed renewal, until the period end', () => {
    for (const providerStatus of ['trialing', 'active', 'past_due']) {
      expect(accessStatus({ ...base, providerStatus, currentPeriodEnd: at(h) }, now, 24 * h)).toBe('active');
    }
  });
  it('gives a renewing subscription the grace, a canceled one none', () => {
    expect(accessStatus({ ...base, providerStatus: 'active', currentPeriodEnd: at(-2 * h) }, now, 24 * h)).toBe('active');
    expect(accessStatus({ ...base, providerStatus: 'active', currentPeriodEnd: at(-25 * h) }, now, 24 * h)).toBe('expired');
    expect(accessStatus({ ...base, providerStatus: 'active', cancelAtPeriodEnd: true, currentPeriodEnd: at(h) }, now, 24 * h)).toBe('active');
    expect(accessStatus({ ...base, providerStatus: 'active', cancelAtPeriodEnd: true, currentPeriodEnd: at(-1) }, now, 24 * h)).toBe('canceled');
  });
  it('tells a cancellation from a payment failure once the provider ended it', () => {
    expect(accessStatus({ ...base, providerStatus: 'canceled', currentPeriodEnd: at(h), endedReason: 'cancellation_requested' }, now, 0)).toBe('canceled');
    expect(accessStatus({ ...base, providerStatus: 'canceled', currentPeriodEnd: at(h), endedReason: 'payment_failed' }, now, 0)).toBe('expired');
    expect(accessStatus({ ...base, providerStatus: 'unpaid', currentPeriodEnd: at(h) }, now, 0)).toBe('expired');
    expect(accessStatus({ ...base, providerStatus: 'incomplete', currentPeriodEnd: at(h) }, now, 0)).toBe('inactive');
  });
  it('keeps a failed renewal active until the grace ends, whatever the period end', () => {
    const d = 24 * h;
    // the provider moved the period a month ahead when it invoiced it: the grace decides
    expect(accessStatus({ ...base, providerStatus: 'past_due', currentPeriodEnd: at(30 * d), graceUntil: at(h) }, now, 24 * h)).toBe('active');
    expect(accessStatus({ ...base, providerStatus: 'past_due', currentPeriodEnd: at(30 * d), graceUntil: at(-1) }, now, 24 * h)).toBe('expired');
    // the failure arrived before the new period: the grace outlasts the old period end and its renewal grace
    expect(accessStatus({ ...base, providerStatus: 'active', currentPeriodEnd: at(-2 * d), graceUntil: at(5 * d) }, now, 24 * h)).toBe('active');
    // canceled at period end during the grace: access ends at whichever comes first, as a cancellation
    expect(accessStatus({ ...base, providerStatus: 'past_due', cancelAtPeriodEnd: true, currentPeriodEnd: at(-1), graceUntil: at(5 * d) }, now, 0)).toBe('canceled');
    // an ended subscription gets no grace
    expect(accessStatus({ ...base, providerStatus: 'canceled', currentPeriodEnd: at(30 * d), graceUntil: at(5 * d), endedReason: 'payment_failed' }, now, 0)).toBe('expired');
  });
  it('the end of access is the grace end while a payment is pending', () => {
    expect(accessEnd({ currentPeriodEnd: at(30 * h), graceUntil: at(7 * h) })).toEqual(at(7 * h));
    expect(accessEnd({ currentPeriodEnd: at(3 * h), cancelAtPeriodEnd: true, graceUntil: at(7 * h) })).toEqual(at(3 * h));
    expect(accessEnd({ currentPeriodEnd: at(30 * h), graceUntil: null })).toEqual(at(30 * h));
  });
  it('never grants access without one of our plans', () => {
    expect(accessStatus({ ...base, plan: null, providerStatus: 'active', currentPeriodEnd: at(h) }, now, 0)).toBe('inactive');
  });
});

describe('pickCurrent', () => {
  it('prefers the subscription granting access the longest, else the latest news', () => {
    const rows = [
      { id: '1', status: 'canceled' as const, plan: 'monthly' as const, currentPeriodEnd: at(-h), lastEventAt: at(0) },
      { id: '2', status: 'active' as const, plan: 'annual' as const, currentPeriodEnd: at(100 * h), lastEventAt: at(-5 * h) },
    ];
    expect(pickCurrent(rows)?.id).toBe('2');
    expect(pickCurrent([rows[0]])?.id).toBe('1');
    expect(factOf(null)).toEqual({ status: 'inactive', plan: null, expiresAt: null });
  });
  it('compares and announces the end of access, the grace end while a payment is pending', () => {
    const rows = [
      { id: '1', status: 'active' as const, plan: 'monthly' as const, currentPeriodEnd: at(700 * h), graceUntil: at(100 * h), lastEventAt: at(0) },
      { id: '2', status: 'active' as const, plan: 'annual' as const, currentPeriodEnd: at(200 * h), graceUntil: null, lastEventAt: at(-5 * h) },
    ];
    expect(pickCurrent(rows)?.id).toBe('2');
    expect(factOf(rows[0])).toEqual({ status: 'active', plan: 'monthly', expiresAt: at(100 * h).toISOString() });
  });
});
