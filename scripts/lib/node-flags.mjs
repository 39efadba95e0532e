/**
 * The Node.js flags the api process runs with, wherever it is started (scripts/start.mjs,
 * scripts/e2e-server.mjs, Dockerfile.api, bench:quote).
 *
 * `--max-semi-space-size=64` (MB): a wizard quote (three designs, their diagrams, the stored JSON)
 * allocates a few hundred KB of short-lived objects, so with V8's default young generation (16 MB
 * semi-spaces) about one request in a hundred pays for a scavenge, which is the whole of the
 * engine's p99 (bench:quote: three options p99 2.2 ms with the default, 0.42 ms with 64 MB, the
 * median unchanged at 0.22 ms). Cost: up to ~128 MB more young-generation memory once grown.
 */
export const API_NODE_FLAGS = ['--max-semi-space-size=64'];
