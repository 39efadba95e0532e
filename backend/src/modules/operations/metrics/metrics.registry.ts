import { Injectable } from '@nestjs/common';
import { collectDefaultMetrics, Gauge, Registry } from 'prom-client';
import { HttpMetrics } from '../../../platform/http/http-metrics.js';
import { JobMetrics } from './job-metrics.js';
import { SocketConnectionsGateway } from './socket-connections.gateway.js';

/**
 * The api instance's Prometheus registry (one per application, not prom-client's global one, so
 * several apps in one process — tests — never register a name twice). Families:
 * - the queue families of {@link JobMetrics} — cluster-wide, the same on every api instance;
 * - `ironclad_http_request_duration_seconds{method, route, status_code}` ({@link HttpMetrics}) —
 *   this instance's requests;
 * - `ironclad_socketio_connections` — Socket.IO connections open on this instance;
 * - prom-client's default Node.js families (`process_*`, `nodejs_*`: CPU, memory, event-loop
 *   lag, GC, handles) — this process.
 * Prometheus should scrape every api instance (label `instance`): sum the per-instance families,
 * and take any one instance's value (e.g. `max`) for the cluster-wide ones.
 */
@Injectable()
export class MetricsRegistry {
  readonly registry = new Registry();

  constructor(http: HttpMetrics, jobs: JobMetrics, sockets: SocketConnectionsGateway) {
    collectDefaultMetrics({ register: this.registry });
    this.registry.registerMetric(http.duration);
    jobs.register(this.registry);
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
