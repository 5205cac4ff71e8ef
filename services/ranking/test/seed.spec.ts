import { DEMO_USERS } from '../src/seed';

describe('ranking demo board', () => {
  it("uses the auth service's ids only for its six demo accounts, so a new registrant never inherits a demo history", () => {
    const ids = DEMO_USERS.map((u) => u.id);
    expect(ids.slice(0, 6)).toEqual(['email_1', 'email_2', 'email_3', 'email_4', 'email_5', 'email_6']);
    // the auth service assigns 'email_<n>' (its sequence continues at 7) and 'google_<sub>'
    for (const id of ids.slice(6)) expect(id).not.toMatch(/^(email|google)_/);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
