import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/**
 * A tiny local SMTP server for tests (DESIGN "Tests use a local fake server for each" external
 * service): accepts every message on a free port, without TLS or auth, and decodes what the
 * tests need (headers, text and HTML parts).
 */

/** A received message. */
export interface ReceivedMail {
  /** SMTP envelope recipients. */
  rcptTo: string[];
  mailFrom: string;
  /** Decoded header values, lower-case names (encoded words decoded). */
  headers: Record<string, string>;
  text: string;
  html: string;
  raw: string;
}

export interface FakeSmtp {
  url: string;
  messages: ReceivedMail[];
  /** Resolves with the first message for `to` (already received or the next one). */
  waitFor(to: string, timeoutMs?: number): Promise<ReceivedMail>;
  /** Resolves with the first `count` messages for `to`, once that many have arrived. */
  waitForCount(to: string, count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  /** While set, RCPT TO is refused with this SMTP code (e.g. 450: try again later). */
  rejectWith: number | null;
  close(): Promise<void>;
}

export async function startFakeSmtp(): Promise<FakeSmtp> {
  const messages: ReceivedMail[] = [];
  /** Checks run after every received message; a check returning true is done. */
  const checks = new Set<() => boolean>();
  const state = { rejectWith: null as number | null };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, cb) {
      if (state.rejectWith) {
        const err = new Error('mailbox busy, try later') as Error & { responseCode: number };
        err.responseCode = state.rejectWith;
        return cb(err);
      }
      cb();
    },
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const mail: ReceivedMail = {
          ...parseMime(raw),
          raw,
          rcptTo: session.envelope.rcptTo.map((r) => r.address),
          mailFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
        };
        messages.push(mail);
        for (const check of [...checks]) if (check()) checks.delete(check);
        cb();
      });
    },
  });
  server.listen(0, '127.0.0.1');
  await once(server.server, 'listening');
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    get rejectWith() {
      return state.rejectWith;
    },
    set rejectWith(code: number | null) {
      state.rejectWith = code;
    },
    async waitFor(to, timeoutMs = 10_000) {
      return (await waitForCount(to, 1, timeoutMs))[0];
    },
    waitForCount,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };

  function waitForCount(to: string, count: number, timeoutMs = 10_000): Promise<ReceivedMail[]> {
    const found = () => messages.filter((m) => m.rcptTo.includes(to));
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        checks.delete(check);
        reject(new Error(`${found().length} of ${count} e-mails to ${to} within ${timeoutMs} ms`));
      }, timeoutMs);
      const check = () => {
        const got = found();
        if (got.length < count) return false;
        clearTimeout(timer);
        resolve(got.slice(0, count));
        return true;
      };
      if (!check()) checks.add(check);
    });
  }
}

function decodeWords(value: string): string {
  return value.replace(/=\?utf-8\?([bq])\?([^?]*)\?=\s*/gi, (_m, enc: string, text: string) =>
    enc.toLowerCase() === 'b' ? Buffer.from(text, 'base64').toString('utf8') : decodeQuotedPrintable(text.replace(/_/g, ' ')),
  );
}

function decodeQuotedPrintable(text: string): string {
  const bytes = text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, h: string) => `%${h}`);
  return decodeURIComponent(bytes.replace(/%(?![0-9A-F]{2})/gi, '%25'));
}

function parseHeaders(block: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of block.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const i = line.indexOf(':');
    if (i > 0) headers[line.slice(0, i).trim().toLowerCase()] = decodeWords(line.slice(i + 1).trim());
  }
  return headers;
}

function decodeBody(headers: Record<string, string>, body: string): string {
  const encoding = (headers['content-transfer-encoding'] ?? '').toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  return body;
}

/** Headers plus the text/plain and text/html parts of a (possibly multipart) message. */
function parseMime(raw: string): { headers: Record<string, string>; text: string; html: string } {
  const split = raw.search(/\r?\n\r?\n/);
  const headers = parseHeaders(raw.slice(0, split));
  const body = raw.slice(split).replace(/^\r?\n\r?\n/, '');
  const out = { headers, text: '', html: '' };
  const boundary = /boundary="?([^";]+)"?/i.exec(headers['content-type'] ?? '')?.[1];
  const parts = boundary ? body.split(`--${boundary}`).slice(1, -1) : [raw];
  for (const part of parts) {
    const p = part.replace(/^\r?\n/, '');
    const cut = p.search(/\r?\n\r?\n/);
    const h = parseHeaders(p.slice(0, cut));
    const content = decodeBody(h, p.slice(cut).replace(/^\r?\n\r?\n/, ''));
    if ((h['content-type'] ?? '').startsWith('text/plain')) out.text = content;
    if ((h['content-type'] ?? '').startsWith('text/html')) out.html = content;
  }
  return out;
}
