import { useTranslation } from 'react-i18next';

/** The lead list's URL parameters the export takes (LeadsQuery filters; paging and language are left out). */
const EXPORT_FILTERS = ['scope', 'status', 'quality', 'source', 'agentId', 'createdFrom', 'createdTo', 'q'] as const;

/** `/resources/crm/leads-export/<format>?<the list's filters>`. */
export function leadExportHref(format: 'csv' | 'xlsx', search: string | URLSearchParams): string {
  const from = typeof search === 'string' ? new URLSearchParams(search) : search;
  const params = new URLSearchParams();
  for (const key of EXPORT_FILTERS) {
    const v = from.get(key);
    if (v !== null && v.trim() !== '') params.set(key, v.trim());
  }
  const qs = params.toString();
  return `/resources/crm/leads-export/${format}${qs ? `?${qs}` : ''}`;
}

/**
 * "Export CSV" / "Export XLSX" for the lead list (issue 22 "GET /api/crm/leads/export (CSV and
 * XLSX, streamed, with the current filters)"): plain download links carrying the list's current
 * filters (pass the page's URL search params) to the web's resource route, which streams the
 * API's file with the staff member's session. Styles: ~/styles/crm/lead-files.css (.crm-lead-export).
 */
export function LeadExportLinks({ search }: { search: string | URLSearchParams }) {
  const { t } = useTranslation('crmFiles');
  return (
    <nav className="crm-lead-export" aria-label={t('export.label')}>
      <a href={leadExportHref('csv', search)} download>
        {t('export.csv')}
      </a>
      <a href={leadExportHref('xlsx', search)} download>
        {t('export.xlsx')}
      </a>
    </nav>
  );
}
