import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { countDocumentView, flushServerPageViews, PAGE_CACHE_REFRESH_HEADER } from './analytics.server';

/**
 * Server-counted page views (spec 01 §3; issue 6): queued and sent to the API in batches. A
 * local HTTP server stands in for the API and records what it is sent.
 */
describe('countDocumentView', () => {
  let server: Server;
  const received: { url: string; body: { views: Record<string, unknown>[] } }[] = [];
  const saved = process.env.API_URL;

  beforeAll(async () => {
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        received.push({ url: req.url ?? '', body: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    process.env.API_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
  });
  afterAll(async () => {
    process.env.API_URL = saved;
    await new Promise((resolve) => server.close(resolve));
  });

  const page = (path: string, headers: Record<string, string> = {}) =>
    new Request(`http://localhost${path}`, { headers: { accept: 'text/html', 'user-agent': 'Mozilla/5.0 Test', 'x-client-ip': '203.0.113.7', ...headers } });

  it('queues the views of document requests and sends them in one batch', async () => {
    received.length = 0;
    const first = countDocumentView(page('/catalog?utm_source=mail'), 'ru');
    const second = countDocumentView(page('/property/x', { cookie: 'asid=abcdef1234567890' }), 'en');
    expect(first.counted && second.counted).toBe(true);
    expect(first.setCookie).toMatch(/^asid=[\w-]+; Path=\/; SameSite=Lax/);
    expect(second.setCookie).toBeNull();
    // not a document request, a private page: not counted
    expect(countDocumentView(new Request('http://localhost/catalog', { headers: { accept: 'application/json' } }), 'ru').counted).toBe(false);
    expect(countDocumentView(page('/dashboard'), 'ru').counted).toBe(false);
    expect(received).toEqual([]);
    await flushServerPageViews();
    expect(received).toHaveLength(1);
    expect(received[0].url).toBe('/api/website-analytics/server-page-views');
    expect(received[0].body.views).toEqual([
      expect.objectContaining({ path: '/catalog', utm_source: 'mail', language: 'ru', origin: 'server', clientIp: '203.0.113.7', userAgent: 'Mozilla/5.0 Test', sessionId: first.setCookie!.slice(5, first.setCookie!.indexOf(';')) }),
      expect.objectContaining({ path: '/property/x', language: 'en', sessionId: 'abcdef1234567890' }),
    ]);
  });

  it("counts no view for the page cache's own render, which renders the page as counted", async () => {
    received.length = 0;
    const refresh = countDocumentView(page('/catalog', { [PAGE_CACHE_REFRESH_HEADER]: '1' }), 'ru');
    expect(refresh).toEqual({ counted: true, setCookie: null });
    countDocumentView(page('/catalog?counted=yes'), 'ru');
    await flushServerPageViews();
    expect(received).toHaveLength(1);
    expect(received[0].body.views).toEqual([expect.objectContaining({ path: '/catalog' })]);
    expect(received[0].body.views).toHaveLength(1);
  });

  it('keeps every view acceptable to the API: a long path is cut, an odd address left out', async () => {
    received.length = 0;
    countDocumentView(page(`/property/${'x'.repeat(3000)}`, { 'x-client-ip': 'fe80::1%eth0' }), 'ru');
    await flushServerPageViews();
    const [view] = received[0].body.views;
    expect((view.path as string).length).toBe(2000);
    expect(view.clientIp).toBeUndefined();
  });

  it('sends a full batch at once, and the rest after a short wait', async () => {
    received.length = 0;
    for (let i = 0; i < 101; i++) countDocumentView(page(`/p${i}`), 'ru');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(received.map((r) => r.body.views.length)).toEqual([100]);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(received.map((r) => r.body.views.length)).toEqual([100, 1]);
  });
});
