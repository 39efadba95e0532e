import { maskAddress, normalizeAddress, normalizePhone, unsubscribeKey, unsubscribeToken, verifyUnsubscribeToken } from './consent.js';

describe('normalizePhone', () => {
  it('gives E.164 for US formats and keeps international numbers', () => {
    expect(normalizePhone('(212) 555-0147')).toBe('+12125550147');
    expect(normalizePhone('1-212-555-0147')).toBe('+12125550147');
    expect(normalizePhone('+44 20 7946 0958')).toBe('+442079460958');
    expect(normalizePhone('555-0147')).toBeNull();
  });
});

describe('unsubscribe tokens', () => {
  const key = unsubscribeKey({ UNSUBSCRIBE_SECRET: 'x'.repeat(32), SESSION_SECRET: undefined, DATABASE_URL: 'postgres://db' });

  it('round-trips the channel and address', () => {
    const token = unsubscribeToken(key, 'email', 'ana@example.com');
    expect(verifyUnsubscribeToken(key, token)).toEqual({ channel: 'email', address: 'ana@example.com' });
  });

  it('rejects a token for another address, another key or a malformed one', () => {
    const token = unsubscribeToken(key, 'email', 'ana@example.com');
    const [, sig] = token.split('.');
    const forged = `${Buffer.from('email:bob@example.com').toString('base64url')}.${sig}`;
    expect(verifyUnsubscribeToken(key, forged)).toBeNull();
    const other = unsubscribeKey({ UNSUBSCRIBE_SECRET: undefined, SESSION_SECRET: 'y'.repeat(32), DATABASE_URL: 'postgres://db' });
    expect(verifyUnsubscribeToken(other, token)).toBeNull();
    expect(verifyUnsubscribeToken(key, 'nonsense')).toBeNull();
    expect(verifyUnsubscribeToken(key, `${token}.extra`)).toBeNull();
  });

  it('masks addresses for the public page', () => {
    expect(maskAddress('email', normalizeAddress('email', ' Ana@Example.com ')!)).toBe('a•••@example.com');
    expect(maskAddress('sms', '+12125550147')).toBe('••••••••0147');
  });
});
