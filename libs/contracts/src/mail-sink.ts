/**
 * The local mail sink (docs/decisions/028; issue 19 item 6): mails the worker sent to the demo's
 * SMTP catcher, as GET /api/admin/mail and /api/admin/mail/:id answer them (admin, super_admin).
 */

/** A caught mail in the list (newest first). */
export interface CaughtMailSummaryDto {
  /** `<receivedAt ms, 13 digits>-<8 hex>`: also the file name under MAIL_SINK_DIR. */
  id: string;
  /** ISO 8601, when the sink received it. */
  receivedAt: string;
  /** The From header as written ('Name <address>'), '' when missing. */
  from: string;
  /** The SMTP envelope recipients (Bcc included). */
  to: string[];
  subject: string;
  /** True when the mail has an HTML body. */
  hasHtml: boolean;
}

/** One caught mail with its bodies. */
export interface CaughtMailDto extends CaughtMailSummaryDto {
  /** The text/plain body ('' when none). */
  text: string;
  /** The text/html body as sent, or null; shown only in a sandboxed frame, never inserted into a page. */
  html: string | null;
}

/** Shape of a caught-mail id (a file name: never a path). */
export const CAUGHT_MAIL_ID = /^\d{13}-[0-9a-f]{8}$/;
