import { describe, expect, it } from '@jest/globals';
import { Writable } from 'node:stream';
import { createElement, Suspense } from 'react';
import { renderToPipeableStream, renderToString } from 'react-dom/server';
import { Coalesce, withoutNul } from './coalesce.server';

/** Everything a stream lets out, and in how many chunks. */
function collect(stream: Coalesce): Promise<{ text: string; chunks: number }> {
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    stream.pipe(
      new Writable({
        write(chunk: Buffer, _encoding, callback) {
          parts.push(chunk);
          callback();
        },
        final(callback) {
          resolve({ text: Buffer.concat(parts).toString('utf8'), chunks: parts.length });
          callback();
        },
      }),
    );
    stream.on('error', reject);
  });
}

describe('response coalescing (lib/serving/coalesce.server.ts)', () => {
  it('withoutNul drops zero bytes and leaves the rest as it was', () => {
    expect(withoutNul(Buffer.from('abc')).toString()).toBe('abc');
    expect(withoutNul(Buffer.from([0, 0x61, 0, 0, 0x62, 0])).toString()).toBe('ab');
    expect(withoutNul(Buffer.from('Пл\u0000ощадь', 'utf8')).toString('utf8')).toBe('Площадь');
  });

  it('joins the chunks written in one turn into one', async () => {
    const stream = new Coalesce();
    const out = collect(stream);
    for (let i = 0; i < 100; i++) stream.write(Buffer.from(`<p>${i}</p>`));
    stream.end();
    const { text, chunks } = await out;
    expect(chunks).toBe(1);
    expect(text).toBe(Array.from({ length: 100 }, (_, i) => `<p>${i}</p>`).join(''));
  });

  it("repairs React 18's streamed output: no NUL where a Cyrillic text meets a 2 KB buffer end", async () => {
    const rows = (pad: number) =>
      createElement(
        'div',
        null,
        'x'.repeat(pad),
        ...Array.from({ length: 200 }, (_, i) => createElement('span', { key: i, title: 'Просмотры' }, `Площадь ${i}`)),
      );
    for (let pad = 0; pad < 8; pad++) {
      const stream = new Coalesce();
      const out = collect(stream);
      const { pipe } = renderToPipeableStream(rows(pad), { onAllReady: () => pipe(stream) });
      const { text } = await out;
      expect(text).not.toContain('\u0000');
      expect(text).toBe(renderToString(rows(pad)));
    }
  });

  it('ends the document with </body></html> after what the Suspense boundaries stream later (issue 19 item 11)', async () => {
    // Like Remix's streamed loader data: a script inside a boundary that resolves after the shell.
    let resolve: () => void = () => {};
    const later = new Promise<void>((r) => (resolve = r));
    let ready = false;
    void later.then(() => (ready = true));
    function Late() {
      if (!ready) throw later;
      return createElement('script', null, 'window.late = 1');
    }
    const doc = createElement(
      'html',
      null,
      createElement('body', null, createElement('p', null, 'shell'), createElement(Suspense, { fallback: null }, createElement(Late))),
    );
    const stream = new Coalesce();
    const out = collect(stream);
    const { pipe } = renderToPipeableStream(doc, {
      onShellReady() {
        pipe(stream);
        setImmediate(resolve);
      },
    });
    const { text } = await out;
    expect(text).toMatch(/window\.late = 1.*<\/body><\/html>$/s);
    expect(text.split('</body></html>')).toHaveLength(2);
    expect(text).toContain('<p>shell</p>');
  });
});
