import { dataDir } from '@realty/db';
import path from 'node:path';
import { DEFAULT_MAIL_SINK_MAX, MailStore } from './mail-store';
import { startSmtpSink } from './smtp-sink';

/**
 * The local demo's mail sink process (`npm start` and the browser tests run it; docker-compose
 * runs mailpit instead): listens where SMTP_URL points (default smtp://127.0.0.1:1025) and keeps
 * the newest MAIL_SINK_MAX (200) mails as JSON under MAIL_SINK_DIR (default DATA_DIR/mail), where
 * the API's admin route /api/admin/mail reads them. Exits 1 when the port is taken.
 */
async function main(): Promise<void> {
  const url = new URL(process.env.SMTP_URL || 'smtp://127.0.0.1:1025');
  const dir = path.resolve(process.env.MAIL_SINK_DIR || path.join(dataDir(), 'mail'));
  const max = Number(process.env.MAIL_SINK_MAX) || DEFAULT_MAIL_SINK_MAX;
  const store = new MailStore(dir, { max });
  const sink = await startSmtpSink({
    host: url.hostname || '127.0.0.1',
    port: Number(url.port || 25),
    store,
    log: (line) => console.log(`mail sink: ${line}`),
  });
  console.log(`mail sink listening on smtp://${sink.host}:${sink.port}, keeping the newest ${max} mails in ${dir}`);
  const stop = () => void sink.close().then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

main().catch((error: Error) => {
  console.error(`✖ mail sink: ${error.message}`);
  process.exit(1);
});
