import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ConfigError, parseEnv } from './env.js';

describe('parseEnv', () => {
  it('gives every default on an empty environment', () => {
    const env = parseEnv({});
    expect(env).toMatchObject({
      NODE_ENV: 'development',
      PORT: 3000,
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/ironclad',
      REDIS_URL: 'redis://127.0.0.1:6379',
      QUEUE_PREFIX: 'ironclad',
      SENDGRID_BASE_URL: 'https://api.sendgrid.com',
    });
    expect(env.SENDGRID_API_KEY).toBeUndefined();
  });

  it("serves the front end's build folder by default (frontend/dist of this repository)", () => {
    const dist = parseEnv({}).FRONTEND_DIST;
    expect(path.basename(dist)).toBe('dist');
    const pkg = JSON.parse(readFileSync(path.join(dist, '..', 'package.json'), 'utf8')) as { name: string };
    expect(pkg.name).toBe('@ironclad/frontend');
  });

  it('treats empty strings as unset', () => {
    expect(parseEnv({ SENDGRID_API_KEY: '', PORT: '' }).SENDGRID_API_KEY).toBeUndefined();
  });

  it('names every bad variable', () => {
    let error: unknown;
    try {
      parseEnv({ PORT: 'eighty', DATABASE_URL: 'mysql://x', REDIS_URL: 'nope' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toMatch(/PORT:/);
    expect(message).toMatch(/DATABASE_URL: must be a URL starting with postgres: or postgresql:/);
    expect(message).toMatch(/REDIS_URL:/);
  });

  it('requires SESSION_SECRET in production and ADMIN_EMAIL with ADMIN_PASSWORD', () => {
    expect(() => parseEnv({ NODE_ENV: 'production' })).toThrow(/SESSION_SECRET: is required in production/);
    expect(() => parseEnv({ ADMIN_EMAIL: 'a@b.co' })).toThrow(/ADMIN_PASSWORD/);
  });
});
