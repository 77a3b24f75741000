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
import crmFiles from './crmFiles';

export default { common, home, catalog, auth, dashboard, partners, news, company, forms, listingForm, moderation, crm, crmFiles };
