import { capReason, recipientCapKey } from './recipient-cap.js';

describe('recipientCapKey', () => {
  it('counts the spellings of one inbox under one key', () => {
    const key = recipientCapKey('email', 'victim@example.com');
    expect(recipientCapKey('email', '  Victim@Example.COM ')).toBe(key);
    expect(recipientCapKey('email', 'victim+quote1@example.com')).toBe(key);
    expect(recipientCapKey('email', 'other@example.com')).not.toBe(key);
  });

  it('ignores the dots of Gmail local parts and maps googlemail.com to gmail.com', () => {
    const key = recipientCapKey('email', 'jane.doe@gmail.com');
    expect(recipientCapKey('email', 'janedoe+x@googlemail.com')).toBe(key);
    expect(recipientCapKey('email', 'jane.doe@example.com')).not.toBe(recipientCapKey('email', 'janedoe@example.com'));
  });

  it('keys numbers by their E.164 form', () => {
    expect(recipientCapKey('sms', '(212) 555-0101')).toBe('sms:+12125550101');
    expect(recipientCapKey('sms', '+1 212 555 0101')).toBe('sms:+12125550101');
  });

  it('names the cap in the reason', () => {
    expect(capReason(3)).toContain('3 automated messages in the last 24 h');
  });
});
