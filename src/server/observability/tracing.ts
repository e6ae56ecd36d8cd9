// OpenTelemetry traces (issue 30, README note 114), off unless OTEL_EXPORTER_OTLP_ENDPOINT (or
// OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) is set. One span per request from @fastify/otel, which
// continues an incoming W3C `traceparent`, with its hooks and handler as children; under it a
// span per database statement (dbSpan: the statement's parameterised text, never its values).
// pg-boss makes its own spans once a provider is registered: a job's `process` span continues the
// trace of the request that queued it (job-queue.ts). Statements outside a request or a job (the
// webhook poller, the tracking cache) make no spans: a trace per poll would drown the rest.
// Spans leave in batches over OTLP/HTTP; the exporter reads the standard OTEL_EXPORTER_OTLP_*
// settings (headers, timeout, compression) itself.
import FastifyOtelInstrumentation from '@fastify/otel';
import { context, propagation, SpanKind, SpanStatusCode, trace, type Attributes, type Tracer } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { TracerProvider, type SpanProcessor } from '@opentelemetry/sdk-trace';

export interface Tracing {
  /** Registered first in app.ts: the request spans. */
  instrumentation: FastifyOtelInstrumentation;
  /** Sends what is still buffered, then stops (main.ts, after the app has closed). */
  shutdown(): Promise<void>;
}

let tracer: Tracer | null = null;

/** The path without its query (postal codes and tracking numbers travel in queries): what a span may carry. */
const pathOf = (url: string) => url.split('?', 1)[0] ?? url;

/**
 * Starts tracing for this process, once: the context manager, the W3C propagator and the provider
 * become the process's globals, as OpenTelemetry's API expects. `processor`: a BatchSpanProcessor
 * over the OTLP exporter (main.ts) or a test's in-memory one.
 */
export function startTracing(processor: SpanProcessor, resource: Attributes): Tracing {
  if (tracer) throw new Error('tracing is started once per process');
  const provider = new TracerProvider({ resource: resourceFromAttributes(resource), spanProcessors: [processor] });
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  trace.setGlobalTracerProvider(provider);
  tracer = provider.getTracer('parcel-portal');
  const instrumentation = new FastifyOtelInstrumentation({
    // The span's name and path without the query string (the default url.path keeps it).
    requestHook: (span, request) => {
      span.updateName(`${request.method} ${request.routeOptions.url ?? 'unmatched'}`);
      span.setAttribute('url.path', pathOf(request.url));
      span.setAttribute('http.request.id', request.id);
    },
  });
  instrumentation.setTracerProvider(provider);
  return {
    instrumentation,
    shutdown: async () => {
      await provider.shutdown();
      tracer = null;
    },
  };
}

async function inSpan<T>(name: string, kind: SpanKind, attributes: Attributes, run: () => Promise<T>): Promise<T> {
  return tracer!.startActiveSpan(name, { kind, attributes }, async (span) => {
    try {
      return await run();
    } catch (error) {
      span.recordException(error as Error);
      span.setStatus({ code: SpanStatusCode.ERROR, message: (error as Error).message });
      throw error;
    } finally {
      span.end();
    }
  });
}

/** The statement's first word: SELECT, INSERT, WITH, BEGIN... (the span's name, low in cardinality). */
const operationOf = (text: string) => /^\s*([A-Za-z]+)/.exec(text)?.[1]?.toUpperCase() ?? 'QUERY';

/** Runs one database statement, in a span of its own when it belongs to a traced request or job. */
export function dbSpan<T>(text: string, run: () => Promise<T>): Promise<T> {
  if (!tracer || !trace.getSpan(context.active())) return run();
  const operation = operationOf(text);
  return inSpan(operation, SpanKind.CLIENT, { 'db.system.name': 'postgresql', 'db.operation.name': operation, 'db.query.text': text.slice(0, 2000) }, run);
}
