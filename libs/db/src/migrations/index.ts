import { InitialSchema1763870400000 } from './1763870400000-initial-schema';
import { AccountsAndFavorites1763900000000 } from './1763900000000-accounts-and-favorites';
import { PartnersAndBlog1763920000000 } from './1763920000000-partners-and-blog';
import { LeadsAndAnalytics1763930000000 } from './1763930000000-leads-and-analytics';
import { CatalogueCoveringIndexes1763940000000 } from './1763940000000-catalogue-covering-indexes';
import { CatalogueVersion1763950000000 } from './1763950000000-catalogue-version';
import { CatalogueHotCounters1763960000000 } from './1763960000000-catalogue-hot-counters';
import { PlannerPageCost1763970000000 } from './1763970000000-planner-page-cost';
import { PropertyLeads1763985000000 } from './1763985000000-property-leads';
import { AuditLog1764000000000 } from './1764000000000-audit-log';
import { ListingModeration1764010000000 } from './1764010000000-listing-moderation';
import { Uploads1764100000000 } from './1764100000000-uploads';
import { ReferenceDataCatalogueVersion1764200000000 } from './1764200000000-reference-data-catalogue-version';
import { StaffListingIndexes1764210000000 } from './1764210000000-staff-listing-indexes';
import { UploadSizeBigint1764230000000 } from './1764230000000-upload-size-bigint';
import { CrmFoundation1764300000000 } from './1764300000000-crm-foundation';
import { CrmLeadIndexes1764310000000 } from './1764310000000-crm-lead-indexes';
import { CrmDealsIndexes1764320000000 } from './1764320000000-crm-deals-indexes';
import { LeadImports1764340000000 } from './1764340000000-lead-imports';
import { Presentations1764400000000 } from './1764400000000-presentations';
import { AiRequests1764420000000 } from './1764420000000-ai-requests';
import { BlogDesk1764430000000 } from './1764430000000-blog-desk';
import { Landings1764410000000 } from './1764410000000-landings';

/** Every migration in order; the data source lists them explicitly (no globbing). */
export const MIGRATIONS = [
  InitialSchema1763870400000,
  AccountsAndFavorites1763900000000,
  PartnersAndBlog1763920000000,
  LeadsAndAnalytics1763930000000,
  CatalogueCoveringIndexes1763940000000,
  CatalogueVersion1763950000000,
  CatalogueHotCounters1763960000000,
  PlannerPageCost1763970000000,
  PropertyLeads1763985000000,
  AuditLog1764000000000,
  ListingModeration1764010000000,
  Uploads1764100000000,
  ReferenceDataCatalogueVersion1764200000000,
  StaffListingIndexes1764210000000,
  UploadSizeBigint1764230000000,
  CrmFoundation1764300000000,
  CrmLeadIndexes1764310000000,
  CrmDealsIndexes1764320000000,
  LeadImports1764340000000,
  Presentations1764400000000,
  AiRequests1764420000000,
  BlogDesk1764430000000,
  Landings1764410000000,
];
