import type { Transport } from './transport';

/** CRM calls (issue 22): tasks, viewings, calendar and the activities feed. */
export function crmScheduleCalls({ request, write, getData }: Transport, langQuery: { lang?: string }) {
  void request;
  void write;
  void getData;
  void langQuery;
  return {};
}
