import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { simpleParser, type AddressObject } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import type { MailStore } from './mail-store';

/** The largest mail the sink takes, bytes (a larger one is refused with SMTP 552). */
export const MAIL_SINK_SIZE_LIMIT = 5 * 1024 * 1024;

/** A running sink: where it listens, and close(). */
export interface SmtpSink {
  host: string;
  port: number;
  close(): Promise<void>;
}

function addressText(value: AddressObject | AddressObject[] | undefined): string {
  if (!value) return '';
  return (Array.isArray(value) ? value : [value]).map((a) => a.text).join(', ');
}

/**
 * The local demo's mail catcher (as mailpit in docker-compose; docs/decisions/028): an SMTP
 * server without TLS that accepts every mail (any AUTH too), decodes it with mailparser and
 * keeps it in `store`. For a machine's loopback only: it delivers nothing. Listens on
 * `host`:`port` (port 0: a free one; see the answer).
 */
export async function startSmtpSink(options: {
  host: string;
  port: number;
  store: MailStore;
  log?: (line: string) => void;
}): Promise<SmtpSink> {
  const log = options.log ?? (() => undefined);
  const server = new SMTPServer({
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    size: MAIL_SINK_SIZE_LIMIT,
    logger: false,
    onAuth(auth, _session, cb) {
      cb(null, { user: auth.username ?? 'sink' });
    },
    onData(stream, session, cb) {
      simpleParser(stream)
        .then(async (parsed) => {
          if ((stream as { sizeExceeded?: boolean }).sizeExceeded) {
            const err = new Error('message too large') as Error & { responseCode: number };
            err.responseCode = 552;
            throw err;
          }
          const caught = await options.store.save({
            from: addressText(parsed.from),
            to: session.envelope.rcptTo.map((r) => r.address),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : null,
          });
          log(`caught "${caught.subject}" for ${caught.to.join(', ')} (${caught.id})`);
          cb();
        })
        .catch((error: Error) => cb(error));
    },
  });
  server.listen(options.port, options.host);
  await Promise.race([once(server.server, 'listening'), once(server, 'error').then(([e]) => Promise.reject(e as Error))]);
  const address = server.server.address() as AddressInfo;
  return {
    host: options.host,
    port: address.port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
