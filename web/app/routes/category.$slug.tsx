import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { CategoryListing } from '~/components/CategoryListing';
import { loadCategoryPage } from '~/lib/catalog/category.server';
import { firstCardImage, type PreloadHandle } from '~/lib/serving/head-preloads';
import { cacheablePageHeaders } from '~/lib/serving/page-cache';
import { seoMeta } from '~/lib/serving/seo';
import catalogCss from '~/styles/catalog.css?url';

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: catalogCss }];

/** /category/{slug} (spec 01 §2): offices, retail, warehouses; an unknown slug shows offices. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadCategoryPage(request, params.slug ?? '', null);
}

/** Complete pages go to the anonymous page cache (lib/serving/page-cache.server.ts). */
export const headers = cacheablePageHeaders;

/** The first card's image is the largest paint: preloaded ahead of the scripts (lib/serving/head-preloads.tsx). */
export const handle: PreloadHandle = { lcpImage: firstCardImage };

export const meta: MetaFunction<typeof loader> = ({ data }) => seoMeta(data?.seo);

export default function CategoryPage() {
  const page = useLoaderData<typeof loader>();
  return <CategoryListing page={page} />;
}
