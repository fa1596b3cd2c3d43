import type { LoaderFunctionArgs } from 'react-router';
import { isPolicySlug, loadDocument } from '../../features/policies/policy-documents.ts';
import { DocumentRoute } from '../document-route.tsx';
import { notFound } from '../not-found-response.ts';

export const loader = ({ params }: LoaderFunctionArgs) => {
  if (!isPolicySlug(params.slug)) throw notFound();
  return loadDocument(params.slug);
};
export const Component = DocumentRoute;
