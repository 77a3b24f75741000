import type { Transport } from './transport';

/** CRM calls (issue 22): message templates, send e-mail / Telegram, notifications, the CRM overview. */
export function crmMessagingCalls({ request, write, getData }: Transport, langQuery: { lang?: string }) {
  void request;
  void write;
  void getData;
  void langQuery;
  return {};
}
