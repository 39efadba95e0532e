import { Injectable } from '@nestjs/common';
import { collectDefaultMetrics, Gauge, Registry } from 'prom-client';
import { HttpMetrics } from '../../../platform/http/http-metrics.js';
import type { ProviderHealth } from '@ironclad/contracts';
import { ProviderHealthService } from '../../messaging/index.js';
import { JobMetrics } from './job-metrics.js';
import { SocketConnectionsGateway } from './socket-connections.gateway.js';

/**
 * The api instance's Prometheus registry (one per application, not prom-client's global one, so
 * several apps in one process — tests — never register a name twice). Families:
 * - the queue families of {@link JobMetrics} — cluster-wide, the same on every api instance;
 * - `ironclad_http_request_duration_seconds{method, route, status_code}` ({@link HttpMetrics}) —
 *   this instance's requests;
 * - `ironclad_socketio_connections` — Socket.IO connections open on this instance;
 * - `ironclad_provider_up{provider}` (1 up, 0 down or probing), `ironclad_provider_down_since_seconds{provider}`
 *   and `ironclad_provider_messages_waiting{provider}` — the providers' circuit breakers as the
 *   workers published them, and their messages (Stability: images) waiting ({@link ProviderHealthService}) — cluster-wide;
 * - prom-client's default Node.js families (`process_*`, `nodejs_*`: CPU, memory, event-loop
 *   lag, GC, handles) — this process.
 * Prometheus should scrape every api instance (label `instance`): sum the per-instance families,
 * and take any one instance's value (e.g. `max`) for the cluster-wide ones.
 */
@Injectable()
export class MetricsRegistry {
  readonly registry = new Registry();

  constructor(http: HttpMetrics, jobs: JobMetrics, sockets: SocketConnectionsGateway, providerHealth: ProviderHealthService) {
    collectDefaultMetrics({ register: this.registry });
    this.registry.registerMetric(http.duration);
    jobs.register(this.registry);
    // one read of the providers' states per scrape, shared by the three families
    let scrape: Promise<ProviderHealth[]> | null = null;
    const providers = () => (scrape ??= providerHealth.providers().finally(() => setTimeout(() => (scrape = null), 0)));
    new Gauge({
      name: 'ironclad_provider_up',
      help: "1 while the provider's circuit breaker is closed, 0 while it is open (down) or probing.",
      labelNames: ['provider'],
      registers: [this.registry],
      async collect() {
        for (const p of await providers()) this.set({ provider: p.provider }, p.state === 'up' ? 1 : 0);
      },
    });
    new Gauge({
      name: 'ironclad_provider_down_since_seconds',
      help: 'Unix time the provider went down (0 while up).',
      labelNames: ['provider'],
      registers: [this.registry],
      async collect() {
        for (const p of await providers()) this.set({ provider: p.provider }, p.downSince ? Date.parse(p.downSince) / 1000 : 0);
      },
    });
    new Gauge({
      name: 'ironclad_provider_messages_waiting',
      help: 'Work waiting for the provider: messages queued or being sent (SendGrid: email, Twilio: SMS), images of running generator runs (Stability).',
      labelNames: ['provider'],
      registers: [this.registry],
      async collect() {
        for (const p of await providers()) if (p.waiting !== null) this.set({ provider: p.provider }, p.waiting);
      },
    });
    new Gauge({
      name: 'ironclad_socketio_connections',
      help: 'Socket.IO connections open on this api instance.',
      registers: [this.registry],
      collect() {
        this.set(sockets.connections());
      },
    });
  }
}
