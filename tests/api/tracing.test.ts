// OpenTelemetry traces (issue 30, README note 114), through an in-memory exporter: a request
// continues the caller's W3C traceparent, its span is named by the route pattern and carries the
// path without the query; its database statements are child spans with their parameterised text
// (never a value); an import's job continues the trace of the upload that queued it.
import { SpanKind } from '@opentelemetry/api';
import { InMemorySpanExporter, SimpleSpanProcessor, type ReadableSpan } from '@opentelemetry/sdk-trace';
import Papa from 'papaparse';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { IMPORT_QUEUE } from '#server/features/imports/import-job.ts';
import { startTracing, type Tracing } from '#server/observability/tracing.ts';
import { createTestApp, DEMO, signIn, type TestApp } from '../setup/test-app.ts';
import { bearer } from './shipments-fixtures.ts';

const exporter = new InMemorySpanExporter();
let tracing: Tracing;
let t: TestApp;
let user: string;

const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const PARENT_ID = '00f067aa0ba902b7';

beforeAll(async () => {
  tracing = startTracing(new SimpleSpanProcessor({ exporter }), { 'service.name': 'portal-test' });
  t = await createTestApp({ tracing: tracing.instrumentation, jobs: true });
  user = (await signIn(t.app, DEMO.user.clientId, DEMO.user.secret)).token;
}, 180_000);

afterAll(async () => {
  await t?.close();
  await tracing?.shutdown();
});

beforeEach(() => exporter.reset());

const spansOf = (traceId: string) => exporter.getFinishedSpans().filter((s) => s.spanContext().traceId === traceId);
/** Whether `span` descends from `ancestor` within `spans`. */
function descends(span: ReadableSpan, ancestor: ReadableSpan, spans: ReadableSpan[]): boolean {
  let parent = span.parentSpanContext?.spanId;
  while (parent) {
    if (parent === ancestor.spanContext().spanId) return true;
    parent = spans.find((s) => s.spanContext().spanId === parent)?.parentSpanContext?.spanId;
  }
  return false;
}

describe('a request with a traceparent', () => {
  it("continues the caller's trace, named by the route pattern, with its database statements as children", async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/shipments?reference_number=SECRET-REF-123',
      headers: { ...bearer(user), traceparent: `00-${TRACE_ID}-${PARENT_ID}-01` },
    });
    expect(res.statusCode, res.body).toBe(200);
    const spans = spansOf(TRACE_ID);
    const request = spans.find((s) => s.kind === SpanKind.SERVER);
    expect(request, spans.map((s) => s.name).join(', ')).toBeDefined();
    expect(request!.name).toBe('GET /api/v1/shipments');
    expect(request!.parentSpanContext?.spanId).toBe(PARENT_ID);
    expect(request!.attributes).toMatchObject({ 'http.route': '/api/v1/shipments', 'url.path': '/api/v1/shipments', 'http.response.status_code': 200, 'http.request.id': res.headers['x-request-id'] });

    const statements = spans.filter((s) => s.kind === SpanKind.CLIENT && s.attributes['db.system.name'] === 'postgresql');
    expect(statements.length).toBeGreaterThan(0);
    for (const statement of statements) {
      expect(descends(statement, request!, spans)).toBe(true);
      expect(String(statement.attributes['db.query.text'])).not.toContain('SECRET-REF-123');
    }
    expect(statements.map((s) => s.name)).toContain('SELECT');
    // Nothing of the query string anywhere in the trace.
    expect(JSON.stringify(spans.map((s) => s.attributes))).not.toContain('SECRET-REF-123');
  });

  it('starts a new trace without one, and makes no spans for statements outside a request', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    const spans = exporter.getFinishedSpans();
    const request = spans.find((s) => s.kind === SpanKind.SERVER && s.name === 'GET /healthz');
    expect(request).toBeDefined();
    expect(request!.parentSpanContext).toBeUndefined();
    // The webhook poller and the other background statements run meanwhile: none of them is a trace of its own.
    const statements = exporter.getFinishedSpans().filter((x) => x.attributes['db.system.name']);
    expect(statements.filter((x) => !x.parentSpanContext)).toEqual([]);
  });
});

describe('an import', () => {
  it('runs its job in the trace of the upload that queued it', { timeout: 60_000 }, async () => {
    const headers = ['Meno', 'Ulica', 'Číslo domu', 'Mesto', 'PSČ', 'Krajina', 'Telefón', 'E-mail', 'Obsah', 'Hmotnosť', 'Šírka', 'Výška', 'Dĺžka', 'Referencia'];
    const file = Papa.unparse([headers, ['Ján Novák', 'Hlavná', '1', 'Žilina', '010 01', 'SK', '0905 123 456', 'jan@example.com', 'Semená', '2,5', '30', '20', '40', 'TRACE-1']], { delimiter: ';', newline: '\r\n' });
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/v1/shipments/import',
      headers: { ...bearer(user), traceparent: `00-${TRACE_ID.replace(/^4/, '5')}-${PARENT_ID}-01` },
      payload: { type: 'csv', filename: 'orders.csv', file: Buffer.from(file).toString('base64') },
    });
    expect(upload.statusCode, upload.body).toBe(201);
    const traceId = TRACE_ID.replace(/^4/, '5');
    let job: ReadableSpan | undefined;
    for (let i = 0; i < 200 && !job; i += 1) {
      job = spansOf(traceId).find((s) => s.kind === SpanKind.CONSUMER && s.attributes['messaging.destination.name'] === IMPORT_QUEUE);
      if (!job) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(job, spansOf(traceId).map((s) => s.name).join(', ')).toBeDefined();
    // The job's own statements hang under its span.
    const spans = spansOf(traceId);
    expect(spans.some((s) => s.attributes['db.system.name'] && descends(s, job!, spans))).toBe(true);
  });
});
