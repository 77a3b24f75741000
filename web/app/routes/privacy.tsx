import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { LegalPage } from '~/components/company/LegalPage';
import { seoMeta } from '~/lib/serving/seo';
import { staticPage } from '~/lib/serving/static-page.server';
import companyCss from '~/styles/company.css?url';

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: companyCss }];

/** /privacy (spec 01 §2: linked legal page, content not shown in the spec; ours in docs/decisions/011). */
export async function loader({ request }: LoaderFunctionArgs) {
  return staticPage(request, { section: 'privacy', path: '/privacy' });
}

export const meta: MetaFunction<typeof loader> = ({ data }) => seoMeta(data?.seo);

export default function PrivacyPage() {
  return <LegalPage section="privacy" />;
}
