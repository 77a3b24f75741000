import auth from './auth';
import catalog from './catalog';
import common from './common';
import dashboard from './dashboard';
import forms from './forms';
import home from './home';
import listingForm from './listingForm';
import company from './company';
import news from './news';
import partners from './partners';
import moderation from './moderation';
import crm from './crm';
import crmLeads from './crmLeads';
import crmMessaging from './crmMessaging';
import crmDeals from './crmDeals';
import crmSchedule from './crmSchedule';
import crmFiles from './crmFiles';
import presentations from './presentations';
import blogDesk from './blogDesk';
import ai from './ai';
import landings from './landings';

export default {
  auth,
  catalog,
  common,
  dashboard,
  forms,
  home,
  listingForm,
  company,
  news,
  partners,
  moderation,
  crm,
  crmLeads,
  crmMessaging,
  crmDeals,
  crmSchedule,
  crmFiles,
  presentations,
  blogDesk,
  ai,
  landings,
};
