/**
 * A local fake of Stability AI's REST API for tests and benches (never used in production):
 *
 * - `POST /v2beta/stable-image/generate/{core|ultra|sd3}`: `Authorization: Bearer <apiKey>`
 *   (401 otherwise), a multipart/form-data body (parsed like Stability: `prompt` required,
 *   `aspect_ratio`, `output_format`, `seed`, `negative_prompt`, `style_preset`), `Accept: image/*`.
 *   Answers 200 with a real WebP (a picture drawn from the seed, Stability's sizes: 1344×768 for
 *   16:9, 1024×1024 for 1:1) and the `finish-reason: SUCCESS` and `seed` headers (a seed of 0 gets
 *   a random one), and takes the model's credits off the balance.
 * - `GET /v1/user/balance`: `{credits}`.
 *
 * Behaviours for tests: `next` (answers to give next, consumed in order) and `decide(request)`
 * (an answer for this request, or null): `{status}` (an error body in Stability's shape, e.g.
 * 400, 429, 500), `{filtered: true}` (200 with `finish-reason: CONTENT_FILTERED`),
 * `{moderated: true}` (403 content moderation), `{delayMs}` (answer later; combinable).
 * `delayMs` delays every answer. `requests` records each call (`fields` of the form, headers),
 * `generations` counts the images made.
 */
import http from 'node:http';
import sharp from 'sharp';

const SIZES = {
  '16:9': [1344, 768],
  '1:1': [1024, 1024],
  '21:9': [1536, 640],
  '2:3': [832, 1216],
  '3:2': [1216, 832],
  '4:5': [896, 1088],
  '5:4': [1088, 896],
  '9:16': [768, 1344],
  '9:21': [640, 1536],
};
const CREDITS = { core: 3, ultra: 8, sd3: 6.5 };

/** A picture that depends on the seed: dusk sky, a skyline, lit windows. */
async function pictureFor(seed, width, height) {
  let s = seed % 2147483647 || 1;
  const rnd = () => (s = (s * 48271) % 2147483647) / 2147483647;
  const hue = Math.floor(rnd() * 360);
  const buildings = [];
  let x = 0;
  while (x < width) {
    const w = 40 + rnd() * 120;
    const h = height * (0.2 + rnd() * 0.5);
    buildings.push(
      `<rect x="${x.toFixed(0)}" y="${(height - h).toFixed(0)}" width="${w.toFixed(0)}" height="${h.toFixed(0)}" fill="hsl(${hue},25%,${8 + rnd() * 8}%)"/>`,
    );
    for (let wy = height - h + 12; wy < height - 10; wy += 22)
      for (let wx = x + 8; wx < x + w - 10; wx += 18)
        if (rnd() > 0.55)
          buildings.push(`<rect x="${wx.toFixed(0)}" y="${wy.toFixed(0)}" width="8" height="10" fill="hsl(45,90%,${55 + rnd() * 20}%)"/>`);
    x += w + 4;
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="hsl(${hue},60%,18%)"/><stop offset="0.7" stop-color="hsl(${(hue + 40) % 360},70%,45%)"/><stop offset="1" stop-color="hsl(${(hue + 70) % 360},80%,65%)"/></linearGradient></defs>
<rect width="100%" height="100%" fill="url(#sky)"/><circle cx="${(width * (0.2 + rnd() * 0.6)).toFixed(0)}" cy="${(height * 0.25).toFixed(0)}" r="${(height * 0.06).toFixed(0)}" fill="hsl(50,90%,85%)" opacity="0.8"/>${buildings.join('')}</svg>`;
  return sharp(Buffer.from(svg)).webp({ quality: 80 }).toBuffer();
}

export async function startFakeStability({ apiKey = 'sk-test-stability', credits = 1000, record = true } = {}) {
  const state = { next: [], decide: null, delayMs: 0, credits, generations: 0 };
  const requests = [];
  const json = (res, status, body, headers = {}) =>
    res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
  const error = (res, status, name, message) => json(res, status, { id: `fake-${Date.now()}`, name, errors: [message] });
  const server = http.createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', async () => {
      try {
        const url = new URL(req.url ?? '/', 'http://fake');
        let fields = {};
        const type = req.headers['content-type'] ?? '';
        if (req.method === 'POST' && type.startsWith('multipart/form-data')) {
          const form = await new Response(Buffer.concat(chunks), { headers: { 'content-type': type } }).formData();
          fields = Object.fromEntries([...form.entries()].map(([k, v]) => [k, String(v)]));
        }
        const entry = { method: req.method ?? '', path: url.pathname, headers: req.headers, contentType: type, fields, at: Date.now() };
        if (record) requests.push(entry);
        const behaviour = state.next.shift() ?? (state.decide ? state.decide(entry) : null) ?? {};
        const delay = behaviour.delayMs ?? state.delayMs;
        if (delay) await new Promise((r) => setTimeout(r, delay));
        if (res.destroyed) return;
        if (req.headers.authorization !== `Bearer ${apiKey}`) return error(res, 401, 'unauthorized', 'Incorrect API key provided');
        if (req.method === 'GET' && url.pathname === '/v1/user/balance') return json(res, 200, { credits: state.credits });
        const model = /^\/v2beta\/stable-image\/generate\/(core|ultra|sd3)$/.exec(url.pathname)?.[1];
        if (req.method !== 'POST' || !model) return error(res, 404, 'not_found', `${req.method} ${url.pathname} does not exist`);
        if (behaviour.status) {
          if (behaviour.status === 429)
            return error(
              res,
              429,
              'rate_limit_exceeded',
              'You have exceeded the rate limit of 150 requests within a 10 second period, and have been timed out for 60 seconds.',
            );
          return error(
            res,
            behaviour.status,
            behaviour.status >= 500 ? 'internal_error' : 'bad_request',
            behaviour.message ?? `fake failure ${behaviour.status}`,
          );
        }
        if (behaviour.moderated) return error(res, 403, 'content_moderation', 'Your request was flagged by our content moderation system.');
        if (!type.startsWith('multipart/form-data')) return error(res, 400, 'bad_request', 'content-type: must be multipart/form-data');
        if (!fields.prompt?.trim()) return error(res, 400, 'bad_request', 'prompt: cannot be empty');
        const ratio = fields.aspect_ratio ?? '1:1';
        if (!SIZES[ratio]) return error(res, 400, 'bad_request', `aspect_ratio: must be one of ${Object.keys(SIZES).join(', ')}`);
        if (fields.output_format && !['webp', 'png', 'jpeg'].includes(fields.output_format))
          return error(res, 400, 'bad_request', 'output_format: must be one of webp, png, jpeg');
        if (!String(req.headers.accept ?? '').startsWith('image/'))
          return error(res, 400, 'bad_request', 'accept: this fake only answers image/*');
        const seed = Number(fields.seed) > 0 ? Number(fields.seed) : Math.floor(Math.random() * 4294967294) + 1;
        const [width, height] = SIZES[ratio];
        const image = await pictureFor(seed, width, height);
        state.generations += 1;
        state.credits -= CREDITS[model];
        res
          .writeHead(200, {
            'content-type': 'image/webp',
            'finish-reason': behaviour.filtered ? 'CONTENT_FILTERED' : 'SUCCESS',
            seed: String(seed),
          })
          .end(image);
      } catch (err) {
        if (!res.headersSent) error(res, 500, 'fake_error', String(err));
      }
    });
  });
  server.keepAliveTimeout = 30_000;
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    apiKey,
    requests,
    /** Generation requests received (any answer). */
    get generateRequests() {
      return requests.filter((r) => r.path.startsWith('/v2beta/'));
    },
    get generations() {
      return state.generations;
    },
    get next() {
      return state.next;
    },
    set next(v) {
      state.next = v;
    },
    get decide() {
      return state.decide;
    },
    set decide(v) {
      state.decide = v;
    },
    get delayMs() {
      return state.delayMs;
    },
    set delayMs(v) {
      state.delayMs = v;
    },
    get credits() {
      return state.credits;
    },
    set credits(v) {
      state.credits = v;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}
