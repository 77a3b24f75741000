import type { Transport } from './transport';

/** CRM calls (issue 22): lead export and import (upload, preview, run, progress, errors file). */
export function crmLeadFileCalls({ request, write, getData }: Transport, langQuery: { lang?: string }) {
  void request;
  void write;
  void getData;
  void langQuery;
  return {};
}
