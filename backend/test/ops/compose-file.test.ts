/**
 * docker-compose.yml, checked without a Docker engine (README "Docker Compose"): parsed with a YAML
 * parser and held against the repository: restart policies, the worker's health check and
 * replicas, the configuration passed to the containers against .env.example and the application's
 * environment schema, and every Dockerfile, file and image it names.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { envSchema } from '../../src/platform/config/env.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

interface Service {
  image?: string;
  build?: { context: string; dockerfile: string };
  restart?: string;
  profiles?: string[];
  command?: string[];
  environment?: Record<string, string | number | null>;
  healthcheck?: { test: string[] };
  deploy?: { replicas?: number | string };
  depends_on?: Record<string, { condition: string }>;
  volumes?: string[];
}

const compose = parse(read('docker-compose.yml'), { merge: true }) as {
  services: Record<string, Service>;
  volumes: Record<string, unknown>;
};
const services = compose.services;
const APP_SERVICES = ['api', 'api2', 'worker'];

/** Variables documented in .env.example (`NAME=value` or commented `# NAME=default`). */
const documented = new Set([...read('.env.example').matchAll(/^#? ?([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]!));
/** Variables the api and the worker read (their zod schema). */
const appVariables = Object.keys(envSchema.shape);
/** `${NAME...}` references of a compose value. */
const references = (value: unknown) => [...String(value ?? '').matchAll(/\$\{([A-Z][A-Z0-9_]*)/g)].map((m) => m[1]!);

/**
 * Variables of the application that the containers do not take from .env, and why: a value made
 * for a developer's machine would be wrong there.
 */
const NOT_FROM_ENV_FILE: Record<string, string> = {
  FRONTEND_DIST: 'the api image sets it to where it copied the build (/app/frontend/dist)',
  WORKER_HEARTBEAT_FILE: "the container's temporary directory is right, and the health check reads the same default",
};

/** Variables one process does not read, by service. */
const NOT_READ_BY: Record<string, Record<string, string>> = {
  api: { PUPPETEER_EXECUTABLE_PATH: 'the worker prints the PDFs, not the api' },
  api2: { PUPPETEER_EXECUTABLE_PATH: 'the worker prints the PDFs, not the api' },
  worker: { PORT: 'the worker serves no HTTP', HOST: 'the worker serves no HTTP' },
};

it('every service has a restart policy', () => {
  expect(Object.keys(services).sort()).toEqual(['api', 'api2', 'postgres', 'proxy', 'redis', 'worker']);
  for (const [name, service] of Object.entries(services)) {
    expect(`${name}: ${service.restart}`).toMatch(new RegExp(`^${name}: (always|unless-stopped|on-failure(:\\d+)?)$`));
  }
});

it('the worker has a health check whose command is in the repository and in its image', () => {
  const test = services.worker!.healthcheck!.test;
  expect(test.slice(0, 2)).toEqual(['CMD', 'node']);
  const script = test[2]!;
  expect(existsSync(path.join(ROOT, script))).toBe(true);
  expect(test[3]).toBe('worker');
  expect(read(script)).toMatch(/mode === 'worker'/);
  // The image copies the script's folder and checks itself the same way.
  const dockerfile = read(services.worker!.build!.dockerfile);
  expect(dockerfile).toMatch(new RegExp(`^COPY ${path.dirname(script)} ${path.dirname(script)}$`, 'm'));
  expect(dockerfile).toContain(`CMD ["node", "${script}", "worker"]`);
  for (const name of ['api', 'api2']) {
    const [, , apiScript, mode] = services[name]!.healthcheck!.test;
    expect(existsSync(path.join(ROOT, apiScript!))).toBe(true);
    expect(mode).toBe('http');
  }
});

it('the worker sets its replicas (--scale worker=N overrides them)', () => {
  const replicas = services.worker!.deploy!.replicas;
  const match = /^\$\{WORKER_REPLICAS:-(\d+)\}$/.exec(String(replicas));
  expect(typeof replicas === 'number' ? replicas : Number(match?.[1])).toBeGreaterThanOrEqual(1);
  if (typeof replicas !== 'number') expect(documented).toContain('WORKER_REPLICAS');
});

it('every variable the compose file reads is documented in .env.example', () => {
  const text = read('docker-compose.yml');
  const referenced = new Set([...text.matchAll(/\$\{([A-Z][A-Z0-9_]*)/g)].map((m) => m[1]!));
  expect(referenced.size).toBeGreaterThan(3);
  expect([...referenced].filter((v) => !documented.has(v))).toEqual([]);
  for (const name of APP_SERVICES) {
    const env = services[name]!.environment!;
    // A variable passed without a value comes from .env: it must be documented there.
    const passed = Object.entries(env).filter(([, v]) => v === null);
    expect(passed.length).toBeGreaterThan(40);
    expect(passed.map(([k]) => k).filter((k) => !documented.has(k))).toEqual([]);
    for (const value of Object.values(env)) for (const v of references(value)) expect(documented).toContain(v);
  }
});

it('every variable of the application is documented and reaches its containers (or is listed as not needed there)', () => {
  expect(appVariables.filter((v) => !documented.has(v))).toEqual([]);
  for (const name of APP_SERVICES) {
    const env = services[name]!.environment!;
    const missing = appVariables.filter((v) => !(v in env) && !(v in NOT_FROM_ENV_FILE) && !(v in NOT_READ_BY[name]!));
    expect(`${name}: ${missing.join(' ')}`).toBe(`${name}: `);
    for (const v of Object.keys(NOT_FROM_ENV_FILE)) expect(env).not.toHaveProperty(v);
  }
  expect(read('Dockerfile.api')).toMatch(/^\s*FRONTEND_DIST=\/app\/frontend\/dist/m);
  // What .env.example documents is read by the application or by this compose file.
  const composeText = read('docker-compose.yml');
  const unused = [...documented].filter((v) => !appVariables.includes(v) && !composeText.includes(`\${${v}`));
  expect(unused).toEqual([]);
});

it('the containers get their own addresses and run in production', () => {
  for (const name of APP_SERVICES) {
    const env = services[name]!.environment!;
    expect(env.NODE_ENV).toBe('production');
    expect(env.DATABASE_URL).toMatch(/@postgres:5432\//);
    expect(env.REDIS_URL).toBe('redis://redis:6379');
    expect(String(env.SESSION_SECRET)).toMatch(/^\$\{SESSION_SECRET:\?/);
  }
  expect(services.worker!.environment!.PUPPETEER_EXECUTABLE_PATH).toBe('/usr/bin/chromium');
});

it('every image, Dockerfile, mounted file and dependency it names exists', () => {
  for (const [name, service] of Object.entries(services)) {
    expect(`${name}: ${!!service.image !== !!service.build}`).toBe(`${name}: true`);
    if (service.image) expect(service.image).toMatch(/^[a-z0-9./-]+:[\w.-]+$/);
    if (service.build) {
      expect(existsSync(path.join(ROOT, service.build.context, service.build.dockerfile))).toBe(true);
    }
    for (const volume of service.volumes ?? []) {
      const source = volume.split(':')[0]!;
      if (source.startsWith('.')) expect(existsSync(path.join(ROOT, source))).toBe(true);
      else expect(compose.volumes).toHaveProperty(source);
    }
    for (const dependency of Object.keys(service.depends_on ?? {})) expect(services).toHaveProperty(dependency);
  }
});

it('the second api and its proxy are an opt-in profile; the proxy balances both instances', () => {
  expect(services.api2!.profiles).toEqual(['proxy']);
  expect(services.proxy!.profiles).toEqual(['proxy']);
  for (const name of ['postgres', 'redis', 'api', 'worker']) expect(services[name]!.profiles).toBeUndefined();
  // api2 is the api image without the migrations, which the first api runs.
  expect(services.api2!.build).toEqual(services.api!.build);
  expect(services.api2!.command).toEqual(['node', 'backend/dist/main.js']);
  expect(services.api2!.depends_on).toEqual({ api: { condition: 'service_healthy' } });
  const caddyfile = read('deploy/Caddyfile');
  expect(caddyfile.match(/reverse_proxy api:3000 api2:3000/g)).toHaveLength(2);
  expect(caddyfile).toMatch(/handle \/socket\.io\/\* \{\s+reverse_proxy api:3000 api2:3000 \{\s+lb_policy cookie/);
});
